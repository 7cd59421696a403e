"""small"""
