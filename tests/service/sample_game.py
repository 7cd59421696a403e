"""The rulebook's "Opening Moves in a Sample Game", as the players wrote it."""

SAMPLE = [
    (
        "S1901M",
        {
            "AUSTRIA": "A Vie-Tri\nA Bud-Gal\nF Tri-Alb",
            "ENGLAND": "A Lvp-Yor\nF Lon-Nth\nF Edi-Nrg",
            "FRANCE": "A Par-Bur\nA Mar-Spa\nF Bre-Pic",
            "GERMANY": "A Ber-Kiel\nA Mun-Ruhr\nF Kiel-Den",
            "ITALY": "A Ven-Pie\nA Rom-Ven\nF Nap-Ion",
            "RUSSIA": "A Mos-Ukr\nA War-Gal\nF StP-Bot\nF Sev-Bla",
            "TURKEY": "A Con-Bul\nA Smy-Con\nF Ank-Bla",
        },
    ),
    (
        "F1901M",
        {
            "AUSTRIA": "A Tri Hold\nA Bud-Ser\nF Alb-Gre",
            "ENGLAND": "A Yor-Nwy\nF Nth C A Yor-Nwy\nF Nrg-Bar",
            "FRANCE": "A Bur-Mar\nA Spa-Por\nF Pic-Bel",
            "GERMANY": "A Kiel-Hol\nA Ruhr-Bel\nF Den Holds",
            "ITALY": "A Ven Holds\nA Pie-Mar\nF Ion-Tun",
            "RUSSIA": "A Ukr S F Sev-Rum\nA War-Gal\nF Bot-Swe\nF Sev-Rum",
            "TURKEY": "A Bul-Ser\nA Con-Bul\nF Ank-Bla",
        },
    ),
    (
        "W1901A",
        {
            "AUSTRIA": "Build A Vie",
            "ENGLAND": "Build F Edi",
            "FRANCE": "Build F Mar",
            "GERMANY": "Build F Kiel\nBuild A Mun",
            "ITALY": "Build F Nap",
            "RUSSIA": "Build A StP\nBuild A Sev",
            "TURKEY": "Build A Smy",
        },
    ),
    (
        "S1902M",
        {
            "AUSTRIA": "A Tri-Bud\nA Vie-Bud\nA Bud-Ser\nF Gre Holds",
            "ENGLAND": "A Nwy-StP\nF Nth-Nwy\nF Bar S A Nwy-StP\nF Edi-Nth",
            "FRANCE": "A Bur S F Pic-Bel\nA Por-Spa\nF Pic-Bel\nF Mar Holds",
            "GERMANY": "A Hol-Bel\nA Ruh S A Hol-Bel\nA Mun-Bur\nF Den Holds"
            "\nF Kiel-Hol",
            "ITALY": "A Ven Holds\nA Pie-Mar\nF Tun-Wes\nF Nap-Tys",
            "RUSSIA": "A Ukr S F Rum\nA Gal-Bud\nA StP-Nwy\nA Sev S F Rum"
            "\nF Swe S A StP-Nwy\nF Rum Holds",
            "TURKEY": "A Bul-Rum\nA Con-Bul\nA Smy-Arm\nF Bla S A Bul-Rum",
        },
    ),
    (
        "F1902M",
        {
            "AUSTRIA": "A Vie-Gal\nA Tri-Bud\nA Ser S A Bul-Rum\nF Gre Holds",
            "ENGLAND": "A Nwy-StP\nF Bar S A Nwy-StP\nF Nth-Nwy\nF Edi-Nth",
            "FRANCE": "A Bur-Bel\nF Pic S A Bur-Bel\nA Spa S F Mar\nF Mar S A Spa",
            "GERMANY": "A Ruh-Bur\nA Mun S A Ruh-Bur\nA Bel S A Ruh-Bur"
            "\nF Den-Swe\nF Hol S A Bel",
            "ITALY": "A Ven-Pie\nA Pie-Mar\nF Wes-Mao\nF Tys-Lyo",
            "RUSSIA": "A StP-Nwy\nF Swe S A StP-Nwy\nF Rum S A Sev\nA Sev S F Rum"
            "\nA Gal S F Rum\nA Ukr S A Sev",
            "TURKEY": "A Bul-Rum\nA Con-Bul\nA Arm-Sev\nF Bla S A Bul-Rum",
        },
    ),
    ("F1902R", {"RUSSIA": "A StP-Mos", "FRANCE": "A Bur-Gas"}),
    (
        "W1902A",
        {
            "GERMANY": "Build F Kiel",
            "RUSSIA": "Remove A Gal",
            "TURKEY": "Build F Smy",
            "AUSTRIA": "Build A Tri",
            "FRANCE": "Build A Par",
            "ENGLAND": "Build F Lon",
        },
    ),
]
