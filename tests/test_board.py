from judge.engine.board import load_board


def test_standard_map_has_75_provinces_plus_switzerland_and_34_centres():
    board = load_board("standard")
    assert len(board.provinces) == 76
    assert "SWI" in board.provinces
    assert board.provinces["SWI"].kind == "impassable"
    assert len(board.supply_centres()) == 34
