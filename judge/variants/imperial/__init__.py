"""imperial"""
