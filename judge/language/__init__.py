"""The order language: text as players write it -> engine orders.

    order_parser.py parse_orders(board, position, power, text): splits the text
                  into orders and reads each, cheapest way first
    canonical.py  the fast path: canonical forms (`A PAR - BUR`) by regex
    runs.py       several orders written on one line with no separator
    passive.py    "A Bur-Mun supported by A Ruh": the move and the support
    names.py      the names of places and powers, from the map data
    near_miss.py  names written not quite right ("Warshaw"), read as the one
                  near name the position leaves, with a note for the player
    lexer.py      words -> tokens, finding multi-word place names
    syntax.py     grammar/orders.lark (lark, LALR) -> what each word is for
    reading.py    what the words mean in this position and phase
    preference.py SET PREFERENCE lists: names, letters, [weighted] groups
    phased.py     PHASE lines, IF/ELSE/ENDIF blocks and their conditions

Nothing here touches the database or the clock; the position is given.
"""
