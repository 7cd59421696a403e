"""Names come from the map data: a map of its own brings its own names."""

from judge.engine.board import Board
from judge.engine.orders import Unit
from judge.engine.state import Phase, Position
from judge.language.order_parser import parse_orders

TINY = Board(
    {
        "map": {"name": "tiny", "victory_centres": 2},
        "powers": {
            "NORTH": {"name": "Northland", "adjective": "Northern", "letter": "N"},
            "SOUTH": {"name": "Southland", "adjective": "Southern", "letter": "S"},
        },
        "provinces": {
            "XAN": {
                "name": "Xanadu",
                "kind": "coast",
                "aliases": ["Pleasure Dome", "Xdu"],
                "army": ["YON"],
                "fleet": ["KUB"],
            },
            "YON": {"name": "Yonder", "kind": "land", "army": ["XAN", "YOK"]},
            "YOK": {"name": "Yokel", "kind": "land", "army": ["YON"]},
            "KUB": {"name": "Kubla Sea", "kind": "sea", "fleet": ["XAN"]},
        },
    }
)
POSITION = Position(
    Phase.parse("S1901M"),
    {
        "XAN": ("NORTH", Unit("A", "XAN")),
        "KUB": ("SOUTH", Unit("F", "KUB")),
    },
    {},
)


def read(text, power="NORTH"):
    return [
        r.order.canonical() if r.order else f"!! {r.error}"
        for r in parse_orders(TINY, POSITION, power, text)
    ]


def test_full_names_aliases_and_prefixes_of_the_map():
    assert read("A Xanadu - Yonder") == ["A XAN - YON"]
    assert read("Pleasure Dome to Yon") == ["A XAN - YON"]
    assert read("A Xdu H, A Xan S F Kubla") == ["A XAN H", "A XAN S F KUB"]
    assert read("F Kubla Sea C A Xan - Yon", power="SOUTH") == ["F KUB C A XAN - YON"]


def test_nationalities_of_the_map():
    assert read("A Xan S Southern F Kub") == ["A XAN S F KUB"]
    assert read("A Xan S Northern F Kub") == [
        "!! 'Northern': the fleet in Kubla Sea is Southern, not Northern"
    ]


def test_prefix_shared_by_two_places_is_settled_or_refused():
    # "Yo" is too short; "Yok" and "Yon" are ids; "Yo..." prefixes are ambiguous
    assert read("A Xan - Yonde") == ["A XAN - YON"]
    assert read("A Xan - Yo") == [
        "!! no province 'Yo' next to Xanadu; did you mean Yonder?"
    ]
