"""Diplomacy by mail: commands, game lifecycle, deadlines, results."""
