"""Speed measurements (not tests): `make bench` runs them all."""
