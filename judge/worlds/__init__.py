"""Random worlds: playable maps generated from a seed (issue 8)."""
