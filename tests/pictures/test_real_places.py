"""Real places on the drawn board (contracts/pictures.md): each city and sea
point, projected with the root <svg>'s data-projection and data-transform,
lies inside the shape of the province that holds it on the standard board;
land that is no province (Ireland, Corsica) is drawn as land.

The projection and the point-in-polygon test are our own (svgmap.py), as an
outside check would have them; the places are written here, not read from
the geography's own data."""

from __future__ import annotations

import pytest

from judge.engine.api import initial_position
from judge.engine.variant_loader import load_variant
from judge.pictures import render_svg
from tests.pictures.svgmap import DrawnMap, laea

# (name, longitude, latitude, province)
CITIES = [
    ("London", -0.13, 51.51, "LON"),
    ("Liverpool", -2.98, 53.41, "LVP"),
    ("Edinburgh", -3.19, 55.95, "EDI"),
    ("Glasgow", -4.25, 55.86, "CLY"),
    ("Cardiff", -3.18, 51.48, "WAL"),
    ("York", -1.08, 53.96, "YOR"),
    ("Paris", 2.35, 48.86, "PAR"),
    ("Marseille", 5.37, 43.30, "MAR"),
    ("Brest", -4.49, 48.39, "BRE"),
    ("Bordeaux", -0.58, 44.84, "GAS"),
    ("Amiens", 2.30, 49.89, "PIC"),
    ("Dijon", 5.04, 47.32, "BUR"),
    ("Brussels", 4.35, 50.85, "BEL"),
    ("Amsterdam", 4.90, 52.37, "HOL"),
    ("Berlin", 13.40, 52.52, "BER"),
    ("Munich", 11.58, 48.14, "MUN"),
    ("Kiel", 10.13, 54.32, "KIE"),
    ("Hamburg", 9.99, 53.55, "KIE"),
    ("Cologne", 6.96, 50.94, "RUH"),
    ("Essen", 7.01, 51.46, "RUH"),
    ("Wroclaw", 17.04, 51.11, "SIL"),
    ("Gdansk", 18.65, 54.35, "PRU"),
    ("Kaliningrad", 20.51, 54.71, "PRU"),
    ("Warsaw", 21.01, 52.23, "WAR"),
    ("Krakow", 19.94, 50.06, "GAL"),
    ("Lviv", 24.03, 49.84, "GAL"),
    ("Prague", 14.42, 50.09, "BOH"),
    ("Vienna", 16.37, 48.21, "VIE"),
    ("Innsbruck", 11.39, 47.27, "TYR"),
    ("Budapest", 19.04, 47.50, "BUD"),
    ("Trieste", 13.77, 45.65, "TRI"),
    ("Zagreb", 15.98, 45.81, "TRI"),
    ("Venice", 12.33, 45.44, "VEN"),
    ("Rome", 12.50, 41.90, "ROM"),
    ("Naples", 14.27, 40.85, "NAP"),
    ("Bari", 16.87, 41.12, "APU"),
    ("Florence", 11.25, 43.77, "TUS"),
    ("Turin", 7.69, 45.07, "PIE"),
    ("Genoa", 8.93, 44.41, "PIE"),
    ("Madrid", -3.70, 40.42, "SPA"),
    ("Barcelona", 2.17, 41.39, "SPA"),
    ("Lisbon", -9.14, 38.72, "POR"),
    ("Copenhagen", 12.57, 55.68, "DEN"),
    ("Oslo", 10.75, 59.91, "NWY"),
    ("Bergen", 5.32, 60.39, "NWY"),
    ("Stockholm", 18.07, 59.33, "SWE"),
    ("Helsinki", 24.94, 60.17, "FIN"),
    ("St Petersburg", 30.32, 59.94, "STP"),
    ("Arkhangelsk", 40.52, 64.54, "STP"),
    ("Moscow", 37.62, 55.76, "MOS"),
    ("Riga", 24.10, 56.95, "LVN"),
    ("Kyiv", 30.52, 50.45, "UKR"),
    ("Sevastopol", 33.52, 44.60, "SEV"),
    ("Bucharest", 26.10, 44.43, "RUM"),
    ("Belgrade", 20.46, 44.82, "SER"),
    ("Sofia", 23.32, 42.70, "BUL"),
    ("Athens", 23.73, 37.98, "GRE"),
    ("Tirana", 19.82, 41.33, "ALB"),
    ("Istanbul", 28.98, 41.01, "CON"),
    ("Ankara", 32.86, 39.93, "ANK"),
    ("Izmir", 27.14, 38.42, "SMY"),
    ("Aleppo", 37.16, 36.20, "SYR"),
    ("Erzurum", 41.27, 39.90, "ARM"),
    ("Tunis", 10.18, 36.80, "TUN"),
    ("Algiers", 3.06, 36.75, "NAF"),
    ("Bern", 7.45, 46.95, "SWI"),
]

SEAS = [
    ("Dogger Bank", 2.0, 54.8, "NTH"),
    ("Malta", 14.40, 35.90, "ION"),
    ("Bay of Biscay", -5.0, 45.5, "MAO"),
    ("west of Scotland", -12.0, 56.5, "NAO"),
    ("Irish Sea", -5.0, 53.5, "IRI"),
    ("English Channel", -2.0, 50.2, "ENG"),
    ("Heligoland Bight", 7.9, 54.2, "HEL"),
    ("Skagerrak", 9.5, 57.9, "SKA"),
    ("south of Gotland", 18.0, 56.0, "BAL"),
    ("Gulf of Bothnia", 20.5, 62.5, "BOT"),
    ("Barents Sea", 33.0, 70.0, "BAR"),
    ("Norwegian Sea", 2.0, 66.0, "NWG"),
    ("Gulf of Lion", 4.5, 42.5, "LYO"),
    ("Tyrrhenian Sea", 12.0, 40.0, "TYS"),
    ("off the Balearics", 3.0, 38.0, "WES"),
    ("Adriatic", 15.0, 43.0, "ADR"),
    ("Ionian Sea", 19.0, 37.0, "ION"),
    ("Aegean", 25.0, 38.5, "AEG"),
    ("off Cyprus", 31.0, 34.0, "EAS"),
    ("Black Sea", 34.0, 43.0, "BLA"),
]

# Land that is no province on the standard board.
NOWHERE = [
    ("Dublin", -6.26, 53.35),
    ("Ajaccio (Corsica)", 8.74, 41.92),
    ("Cagliari (Sardinia)", 9.11, 39.22),
    ("Heraklion (Crete)", 25.13, 35.34),
]


def drawn(variant: str) -> DrawnMap:
    board = load_variant(variant)[0]
    return DrawnMap(render_svg(board, initial_position(board)))


STANDARD = drawn("standard")
SEA_IDS = {s[3] for s in SEAS}


def test_the_root_names_a_projection_and_a_transform():
    root = STANDARD.root
    assert root.get("data-projection").startswith("+proj=laea ")
    assert len(root.get("data-transform").split()) == 6


def test_own_projection_agrees_with_a_textbook_point():
    # Snyder (1987), p. 334: the ellipsoidal example on the International
    # ellipsoid differs; here the round trip of the origin and symmetry.
    forward = laea("+proj=laea +lat_0=50 +lon_0=15 +ellps=WGS84 +units=m")
    assert forward(15, 50) == pytest.approx((0, 0), abs=1e-6)
    east, west = forward(25, 50), forward(5, 50)
    assert east[0] == pytest.approx(-west[0]) and east[1] == pytest.approx(west[1])
    assert forward(15, 51)[1] == pytest.approx(111_000, rel=0.01)


@pytest.mark.parametrize(("name", "lon", "lat", "pid"), CITIES + SEAS)
def test_a_real_place_lies_in_its_province(name, lon, lat, pid):
    assert STANDARD.province_at(lon, lat) == pid, name


def test_every_province_holds_a_place_of_the_list():
    named = {c[3] for c in CITIES + SEAS}
    assert set(STANDARD.provinces) - named == set()


@pytest.mark.parametrize(("name", "lon", "lat"), NOWHERE)
def test_land_of_no_province_is_drawn_as_land(name, lon, lat):
    assert STANDARD.province_at(lon, lat) is None, name
    assert STANDARD.filler_at(lon, lat) == "land", name


def test_sea_points_are_in_seas_and_city_points_on_land():
    board = load_variant("standard")[0]
    for name, lon, lat, _pid in SEAS:
        assert board.provinces[STANDARD.province_at(lon, lat)].is_sea, name
    for name, lon, lat, _pid in CITIES:
        assert not board.provinces[STANDARD.province_at(lon, lat)].is_sea, name


def test_1913_draws_ireland_as_a_province_on_the_same_geography():
    m = drawn("1913")
    assert m.province_at(-6.26, 53.35) == "IRE"
    assert m.province_at(2.35, 48.86) == "PAR"
    assert m.transform == STANDARD.transform


def test_imperial_uses_the_standard_geography():
    m = drawn("imperial")
    assert m.transform == STANDARD.transform
    for name, lon, lat, pid in CITIES[:10]:
        assert m.province_at(lon, lat) == pid, name
