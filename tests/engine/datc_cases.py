"""DATC v3.0 chapter 6 (sections A to J) as data: orders, positions, outcomes.

Case texts: the DATC v3.0 (shared/reference/DATC_v3_0.txt) (Lucas Kruijswijk).  Units
are those named by the orders unless a `state` is given.  `expect` maps each
ordered unit to its outcome codes (docs/contracts/adjudicate.md); `*_2023` keys
give the outcome under `standard:rules=2023` where it differs from the
default (seeds) rules.  `then` is the next phase (retreats) on the state the
first phase left.
"""

# ruff: noqa: E501

MOVEMENT = {
    # Moving To An Area That Is Not A Neighbour
    "6.A.1": dict(
        orders={"ENGLAND": ["F NTH - PIC"]},
        expect={"F NTH": ["void"]},
    ),
    # Move Army To Sea
    "6.A.2": dict(
        orders={"ENGLAND": ["A LVP - IRI"]},
        expect={"A LVP": ["void"]},
    ),
    # Move Fleet To Land
    "6.A.3": dict(
        orders={"GERMANY": ["F KIE - MUN"]},
        expect={"F KIE": ["void"]},
    ),
    # Move To Own Sector
    "6.A.4": dict(
        orders={"GERMANY": ["F KIE - KIE"]},
        expect={"F KIE": ["void"]},
    ),
    # Move To Own Sector With Convoy
    "6.A.5": dict(
        orders={
            "ENGLAND": ["F NTH C A YOR - YOR", "A YOR - YOR", "A LVP S A YOR - YOR"],
            "GERMANY": ["F LON - YOR", "A WAL S F LON - YOR"],
        },
        expect={
            "A LVP": ["void"],
            "F NTH": ["void"],
            "A YOR": ["void", "dislodged"],
            "F LON": [],
            "A WAL": [],
        },
    ),
    # Only Armies Can Be Convoyed
    "6.A.7": dict(
        orders={"ENGLAND": ["F LON - BEL", "F NTH C A LON - BEL"]},
        expect={"F LON": ["void"], "F NTH": ["no convoy"]},
    ),
    # Support To Hold Yourself Is Not Possible
    "6.A.8": dict(
        orders={
            "ITALY": ["A VEN - TRI", "A TYR S A VEN - TRI"],
            "AUSTRIA": ["F TRI S F TRI"],
        },
        expect={"F TRI": ["void", "dislodged"], "A TYR": [], "A VEN": []},
    ),
    # Fleets Must Follow Coast If Not On Sea
    "6.A.9": dict(
        orders={"ITALY": ["F ROM - VEN"]},
        expect={"F ROM": ["void"]},
    ),
    # Support On Unreachable Destination Not Possible
    "6.A.10": dict(
        orders={
            "AUSTRIA": ["A VEN H"],
            "ITALY": ["F ROM S A APU - VEN", "A APU - VEN"],
        },
        expect={"A VEN": [], "A APU": ["bounce"], "F ROM": ["void"]},
    ),
    # Simple Bounce
    "6.A.11": dict(
        orders={"AUSTRIA": ["A VIE - TYR"], "ITALY": ["A VEN - TYR"]},
        expect={"A VIE": ["bounce"], "A VEN": ["bounce"]},
    ),
    # Bounce Of Three Units
    "6.A.12": dict(
        orders={
            "AUSTRIA": ["A VIE - TYR"],
            "GERMANY": ["A MUN - TYR"],
            "ITALY": ["A VEN - TYR"],
        },
        expect={"A VIE": ["bounce"], "A MUN": ["bounce"], "A VEN": ["bounce"]},
    ),
    # Moving With Unspecified Coast When Coast Is Necessary
    "6.B.1": dict(
        orders={"FRANCE": ["F POR - SPA"]},
        expect={},
        errors=["F POR - SPA"],
    ),
    # Moving With Unspecified Coast When Coast Is Not Necessary
    "6.B.2": dict(
        orders={"FRANCE": ["F GAS - SPA"]},
        expect={"F GAS": []},
    ),
    # Moving With Wrong Coast When Coast Is Not Necessary
    "6.B.3": dict(
        orders={"FRANCE": ["F GAS - SPA/SC"]},
        expect={"F GAS": ["void"]},
    ),
    # Support To Unreachable Coast Allowed
    "6.B.4": dict(
        orders={
            "FRANCE": ["F GAS - SPA/NC", "F MAR S F GAS - SPA/NC"],
            "ITALY": ["F WES - SPA/SC"],
        },
        expect={"F GAS": [], "F MAR": [], "F WES": ["bounce"]},
    ),
    # Support From Unreachable Coast Not Allowed
    "6.B.5": dict(
        orders={
            "FRANCE": ["F MAR - LYO", "F SPA/NC S F MAR - LYO"],
            "ITALY": ["F LYO H"],
        },
        expect={"F MAR": ["bounce"], "F SPA/NC": ["void"], "F LYO": []},
    ),
    # Support Can Be Cut With Other Coast
    "6.B.6": dict(
        orders={
            "ENGLAND": ["F IRI S F NAO - MAO", "F NAO - MAO"],
            "FRANCE": ["F SPA/NC S F MAO", "F MAO H"],
            "ITALY": ["F LYO - SPA/SC"],
        },
        expect={
            "F IRI": [],
            "F NAO": [],
            "F MAO": ["dislodged"],
            "F SPA/NC": ["cut"],
            "F LYO": ["bounce"],
        },
    ),
    # Supporting Own Unit With Unspecified Coast
    "6.B.7": dict(
        orders={
            "FRANCE": ["F POR S F MAO - SPA", "F MAO - SPA/NC"],
            "ITALY": ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"],
        },
        expect={"F MAO": ["bounce"], "F POR": [], "F LYO": [], "F WES": ["bounce"]},
    ),
    # Supporting With Unspecified Coast When Only One Coast Is Possible
    "6.B.8": dict(
        orders={
            "FRANCE": ["F POR S F GAS - SPA", "F GAS - SPA/NC"],
            "ITALY": ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"],
        },
        expect={"F GAS": ["bounce"], "F POR": [], "F LYO": [], "F WES": ["bounce"]},
    ),
    # Supporting With Wrong Coast
    "6.B.9": dict(
        orders={
            "FRANCE": ["F POR S F MAO - SPA/NC", "F MAO - SPA/SC"],
            "ITALY": ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"],
        },
        expect={"F MAO": ["bounce"], "F POR": ["void"], "F LYO": [], "F WES": []},
    ),
    # Army Movement With Coastal Specification
    "6.B.12": dict(
        orders={"FRANCE": ["A GAS - SPA/NC"]},
        expect={"A GAS": []},
    ),
    # Coastal Crawl Not Allowed
    "6.B.13": dict(
        orders={"TURKEY": ["F BUL/SC - CON", "F CON - BUL/EC"]},
        expect={"F BUL/SC": ["bounce"], "F CON": ["bounce"]},
    ),
    # Supporting Foreign Unit With Unspecified Coast
    "6.B.15": dict(
        orders={
            "FRANCE": ["F POR S F MAO - SPA"],
            "ENGLAND": ["F MAO - SPA/NC"],
            "ITALY": ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"],
        },
        expect={"F MAO": ["bounce"], "F POR": [], "F LYO": [], "F WES": ["bounce"]},
    ),
    # Three Army Circular Movement
    "6.C.1": dict(
        orders={"TURKEY": ["F ANK - CON", "A CON - SMY", "A SMY - ANK"]},
        expect={"F ANK": [], "A CON": [], "A SMY": []},
    ),
    # Three Army Circular Movement With Support
    "6.C.2": dict(
        orders={
            "TURKEY": [
                "F ANK - CON",
                "A CON - SMY",
                "A SMY - ANK",
                "A BUL S F ANK - CON",
            ]
        },
        expect={"F ANK": [], "A BUL": [], "A CON": [], "A SMY": []},
    ),
    # A Disrupted Three Army Circular Movement
    "6.C.3": dict(
        orders={"TURKEY": ["F ANK - CON", "A CON - SMY", "A SMY - ANK", "A BUL - CON"]},
        expect={
            "F ANK": ["bounce"],
            "A BUL": ["bounce"],
            "A CON": ["bounce"],
            "A SMY": ["bounce"],
        },
    ),
    # A Circular Movement With Attacked Convoy
    "6.C.4": dict(
        orders={
            "AUSTRIA": ["A TRI - SER", "A SER - BUL"],
            "TURKEY": [
                "A BUL - TRI",
                "F AEG C A BUL - TRI",
                "F ION C A BUL - TRI",
                "F ADR C A BUL - TRI",
            ],
            "ITALY": ["F NAP - ION"],
        },
        expect={
            "A SER": [],
            "A TRI": [],
            "F NAP": ["bounce"],
            "F ADR": [],
            "F AEG": [],
            "A BUL": [],
            "F ION": [],
        },
    ),
    # A Disrupted Circular Movement Due To Dislodged Convoy
    "6.C.5": dict(
        orders={
            "AUSTRIA": ["A TRI - SER", "A SER - BUL"],
            "TURKEY": [
                "A BUL - TRI",
                "F AEG C A BUL - TRI",
                "F ION C A BUL - TRI",
                "F ADR C A BUL - TRI",
            ],
            "ITALY": ["F NAP - ION", "F TUN S F NAP - ION"],
        },
        expect={
            "A SER": ["bounce"],
            "A TRI": ["bounce"],
            "F NAP": [],
            "F TUN": [],
            "F ADR": [],
            "F AEG": [],
            "A BUL": ["disrupted"],
            "F ION": ["dislodged"],
        },
    ),
    # Two Armies With Two Convoys
    "6.C.6": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - BEL", "A LON - BEL"],
            "FRANCE": ["F ENG C A BEL - LON", "A BEL - LON"],
        },
        expect={"A LON": [], "F NTH": [], "A BEL": [], "F ENG": []},
    ),
    # Disrupted Unit Swap
    "6.C.7": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - BEL", "A LON - BEL"],
            "FRANCE": ["F ENG C A BEL - LON", "A BEL - LON", "A BUR - BEL"],
        },
        expect={
            "A LON": ["bounce"],
            "F NTH": [],
            "A BEL": ["bounce"],
            "A BUR": ["bounce"],
            "F ENG": [],
        },
    ),
    # No Self Dislodgement In Disrupted Circular Movement
    "6.C.8": dict(
        orders={
            "TURKEY": ["F CON - BLA", "A BUL - CON", "A SMY S A BUL - CON"],
            "RUSSIA": ["F BLA - BUL/EC"],
            "AUSTRIA": ["A SER - BUL"],
        },
        expect={
            "A SER": ["bounce"],
            "F BLA": ["bounce"],
            "A BUL": ["bounce"],
            "F CON": ["bounce"],
            "A SMY": [],
        },
    ),
    # No Help In Dislodgement Of Own Unit In Disrupted Circular Movement
    "6.C.9": dict(
        orders={
            "TURKEY": ["F CON - BLA", "A SMY S A BUL - CON"],
            "RUSSIA": ["F BLA - BUL/EC"],
            "AUSTRIA": ["A SER - BUL", "A BUL - CON"],
        },
        expect={
            "A BUL": ["bounce"],
            "A SER": ["bounce"],
            "F BLA": ["bounce"],
            "F CON": ["bounce"],
            "A SMY": [],
        },
    ),
    # Supported Hold Can Prevent Dislodgement
    "6.D.1": dict(
        orders={
            "AUSTRIA": ["F ADR S A TRI - VEN", "A TRI - VEN"],
            "ITALY": ["A VEN H", "A TYR S A VEN"],
        },
        expect={"F ADR": [], "A TRI": ["bounce"], "A TYR": [], "A VEN": []},
    ),
    # A Move Cuts Support On Hold
    "6.D.2": dict(
        orders={
            "AUSTRIA": ["F ADR S A TRI - VEN", "A TRI - VEN", "A VIE - TYR"],
            "ITALY": ["A VEN H", "A TYR S A VEN"],
        },
        expect={
            "F ADR": [],
            "A TRI": [],
            "A VIE": ["bounce"],
            "A TYR": ["cut"],
            "A VEN": ["dislodged"],
        },
    ),
    # A Move Cuts Support On Move
    "6.D.3": dict(
        orders={
            "AUSTRIA": ["F ADR S A TRI - VEN", "A TRI - VEN"],
            "ITALY": ["A VEN H", "F ION - ADR"],
        },
        expect={
            "F ADR": ["cut"],
            "A TRI": ["bounce"],
            "F ION": ["bounce"],
            "A VEN": [],
        },
    ),
    # Support To Hold On Unit Supporting A Hold Allowed
    "6.D.4": dict(
        orders={
            "GERMANY": ["A BER S F KIE", "F KIE S A BER"],
            "RUSSIA": ["F BAL S A PRU - BER", "A PRU - BER"],
        },
        expect={"A BER": ["cut"], "F KIE": [], "F BAL": [], "A PRU": ["bounce"]},
    ),
    # Support To Hold On Unit Supporting A Move Allowed
    "6.D.5": dict(
        orders={
            "GERMANY": ["A BER S A MUN - SIL", "F KIE S A BER", "A MUN - SIL"],
            "RUSSIA": ["F BAL S A PRU - BER", "A PRU - BER"],
        },
        expect={
            "A BER": ["cut"],
            "F KIE": [],
            "A MUN": [],
            "F BAL": [],
            "A PRU": ["bounce"],
        },
    ),
    # Support To Hold On Convoying Unit Allowed
    "6.D.6": dict(
        orders={
            "GERMANY": ["A BER - SWE", "F BAL C A BER - SWE", "F PRU S F BAL"],
            "RUSSIA": ["F LVN - BAL", "F BOT S F LVN - BAL"],
        },
        expect={
            "F BAL": [],
            "A BER": [],
            "F PRU": [],
            "F BOT": [],
            "F LVN": ["bounce"],
        },
    ),
    # Support To Hold On Moving Unit Not Allowed
    "6.D.7": dict(
        orders={
            "GERMANY": ["F BAL - SWE", "F PRU S F BAL"],
            "RUSSIA": ["F LVN - BAL", "F BOT S F LVN - BAL", "A FIN - SWE"],
        },
        expect={
            "F BAL": ["bounce", "dislodged"],
            "F PRU": ["void"],
            "F BOT": [],
            "A FIN": ["bounce"],
            "F LVN": [],
        },
    ),
    # Failed Convoy Cannot Receive Hold Support
    "6.D.8": dict(
        orders={
            "AUSTRIA": ["F ION H", "A SER S A ALB - GRE", "A ALB - GRE"],
            "TURKEY": ["A GRE - NAP", "A BUL S A GRE"],
        },
        expect={
            "A ALB": [],
            "F ION": [],
            "A SER": [],
            "A BUL": ["void"],
            "A GRE": ["no convoy", "dislodged", "disband"],
        },
    ),
    # Support To Move On Holding Unit Not Allowed
    "6.D.9": dict(
        orders={
            "ITALY": ["A VEN - TRI", "A TYR S A VEN - TRI"],
            "AUSTRIA": ["A ALB S A TRI - SER", "A TRI H"],
        },
        expect={"A ALB": ["void"], "A TRI": ["dislodged"], "A TYR": [], "A VEN": []},
    ),
    # Self Dislodgment Prohibited
    "6.D.10": dict(
        orders={"GERMANY": ["A BER H", "F KIE - BER", "A MUN S F KIE - BER"]},
        expect={"A BER": [], "F KIE": ["bounce"], "A MUN": []},
    ),
    # No Self Dislodgment Of Returning Unit
    "6.D.11": dict(
        orders={
            "GERMANY": ["A BER - PRU", "F KIE - BER", "A MUN S F KIE - BER"],
            "RUSSIA": ["A WAR - PRU"],
        },
        expect={
            "A BER": ["bounce"],
            "F KIE": ["bounce"],
            "A MUN": [],
            "A WAR": ["bounce"],
        },
    ),
    # Supporting A Foreign Unit To Dislodge Own Unit Prohibited
    "6.D.12": dict(
        orders={
            "AUSTRIA": ["F TRI H", "A VIE S A VEN - TRI"],
            "ITALY": ["A VEN - TRI"],
        },
        expect={"F TRI": [], "A VIE": [], "A VEN": ["bounce"]},
    ),
    # Supporting A Foreign Unit To Dislodge A Returning Own Unit Prohibited
    "6.D.13": dict(
        orders={
            "AUSTRIA": ["F TRI - ADR", "A VIE S A VEN - TRI"],
            "ITALY": ["A VEN - TRI", "F APU - ADR"],
        },
        expect={
            "F TRI": ["bounce"],
            "A VIE": [],
            "F APU": ["bounce"],
            "A VEN": ["bounce"],
        },
    ),
    # Supporting A Foreign Unit Is Not Enough To Prevent Dislodgement
    "6.D.14": dict(
        orders={
            "AUSTRIA": ["F TRI H", "A VIE S A VEN - TRI"],
            "ITALY": ["A VEN - TRI", "A TYR S A VEN - TRI", "F ADR S A VEN - TRI"],
        },
        expect={
            "F TRI": ["dislodged"],
            "A VIE": [],
            "F ADR": [],
            "A TYR": [],
            "A VEN": [],
        },
    ),
    # Defender Cannot Cut Support For Attack On Itself
    "6.D.15": dict(
        orders={
            "RUSSIA": ["F CON S F BLA - ANK", "F BLA - ANK"],
            "TURKEY": ["F ANK - CON"],
        },
        expect={"F BLA": [], "F CON": [], "F ANK": ["bounce", "dislodged"]},
    ),
    # Convoying A Unit Dislodging A Unit Of Same Power Is Allowed
    "6.D.16": dict(
        orders={
            "ENGLAND": ["A LON H", "F NTH C A BEL - LON"],
            "FRANCE": ["F ENG S A BEL - LON", "A BEL - LON"],
        },
        expect={"A LON": ["dislodged"], "F NTH": [], "A BEL": [], "F ENG": []},
    ),
    # Dislodgement Cuts Supports
    "6.D.17": dict(
        orders={
            "RUSSIA": ["F CON S F BLA - ANK", "F BLA - ANK"],
            "TURKEY": ["F ANK - CON", "A SMY S F ANK - CON", "A ARM - ANK"],
        },
        expect={
            "F BLA": ["bounce"],
            "F CON": ["cut", "dislodged"],
            "F ANK": [],
            "A ARM": ["bounce"],
            "A SMY": [],
        },
    ),
    # A Surviving Unit Will Sustain Support
    "6.D.18": dict(
        orders={
            "RUSSIA": ["F CON S F BLA - ANK", "F BLA - ANK", "A BUL S F CON"],
            "TURKEY": ["F ANK - CON", "A SMY S F ANK - CON", "A ARM - ANK"],
        },
        expect={
            "F BLA": [],
            "A BUL": [],
            "F CON": [],
            "F ANK": ["bounce", "dislodged", "disband"],
            "A ARM": ["bounce"],
            "A SMY": [],
        },
    ),
    # Even When Surviving Is In Alternative Way
    "6.D.19": dict(
        orders={
            "RUSSIA": ["F CON S F BLA - ANK", "F BLA - ANK", "A SMY S F ANK - CON"],
            "TURKEY": ["F ANK - CON"],
        },
        expect={
            "F BLA": [],
            "F CON": [],
            "A SMY": [],
            "F ANK": ["bounce", "dislodged"],
        },
    ),
    # Unit Cannot Cut Support Of Its Own Country
    "6.D.20": dict(
        orders={
            "ENGLAND": ["F LON S F NTH - ENG", "F NTH - ENG", "A YOR - LON"],
            "FRANCE": ["F ENG H"],
        },
        expect={"F LON": [], "F NTH": [], "A YOR": ["bounce"], "F ENG": ["dislodged"]},
    ),
    # Dislodging Does Not Cancel A Support Cut
    "6.D.21": dict(
        orders={
            "AUSTRIA": ["F TRI H"],
            "ITALY": ["A VEN - TRI", "A TYR S A VEN - TRI"],
            "GERMANY": ["A MUN - TYR"],
            "RUSSIA": ["A SIL - MUN", "A BER S A SIL - MUN"],
        },
        expect={
            "F TRI": [],
            "A MUN": ["bounce", "dislodged"],
            "A TYR": ["cut"],
            "A VEN": ["bounce"],
            "A BER": [],
            "A SIL": [],
        },
    ),
    # Impossible Fleet Move Cannot Be Supported
    "6.D.22": dict(
        orders={
            "GERMANY": ["F KIE - MUN", "A BUR S F KIE - MUN"],
            "RUSSIA": ["A MUN - KIE", "A BER S A MUN - KIE"],
        },
        expect={
            "A BUR": ["void"],
            "F KIE": ["void", "dislodged"],
            "A BER": [],
            "A MUN": [],
        },
    ),
    # Impossible Coast Move Cannot Be Supported
    "6.D.23": dict(
        orders={
            "ITALY": ["F LYO - SPA/SC", "F WES S F LYO - SPA/SC"],
            "FRANCE": ["F SPA/NC - LYO", "F MAR S F SPA/NC - LYO"],
        },
        expect={
            "F MAR": ["void"],
            "F SPA/NC": ["void", "dislodged"],
            "F LYO": [],
            "F WES": [],
        },
    ),
    # Impossible Army Move Cannot Be Supported
    "6.D.24": dict(
        orders={
            "FRANCE": ["A MAR - LYO", "F SPA/SC S A MAR - LYO"],
            "ITALY": ["F LYO H"],
            "TURKEY": ["F TYS S F WES - LYO", "F WES - LYO"],
        },
        expect={
            "A MAR": ["void"],
            "F SPA/SC": ["void"],
            "F LYO": ["dislodged"],
            "F TYS": [],
            "F WES": [],
        },
    ),
    # Failing Hold Support Can Be Supported
    "6.D.25": dict(
        orders={
            "GERMANY": ["A BER S A PRU", "F KIE S A BER"],
            "RUSSIA": ["F BAL S A PRU - BER", "A PRU - BER"],
        },
        expect={"A BER": ["void"], "F KIE": [], "F BAL": [], "A PRU": ["bounce"]},
    ),
    # Failing Move Support Can Be Supported
    "6.D.26": dict(
        orders={
            "GERMANY": ["A BER S A PRU - SIL", "F KIE S A BER"],
            "RUSSIA": ["F BAL S A PRU - BER", "A PRU - BER"],
        },
        expect={"A BER": ["void"], "F KIE": [], "F BAL": [], "A PRU": ["bounce"]},
    ),
    # Failing Convoy Can Be Supported
    "6.D.27": dict(
        orders={
            "ENGLAND": ["F SWE - BAL", "F DEN S F SWE - BAL"],
            "GERMANY": ["A BER H"],
            "RUSSIA": ["F BAL C A BER - LVN", "F PRU S F BAL"],
        },
        expect={
            "F DEN": [],
            "F SWE": ["bounce"],
            "A BER": [],
            "F BAL": ["no convoy"],
            "F PRU": [],
        },
    ),
    # Impossible Move And Support
    "6.D.28": dict(
        orders={
            "AUSTRIA": ["A BUD S F RUM"],
            "RUSSIA": ["F RUM - HOL"],
            "TURKEY": ["F BLA - RUM", "A BUL S F BLA - RUM"],
        },
        expect={"A BUD": [], "F RUM": ["void"], "F BLA": ["bounce"], "A BUL": []},
    ),
    # Move To Impossible Coast And Support
    "6.D.29": dict(
        orders={
            "AUSTRIA": ["A BUD S F RUM"],
            "RUSSIA": ["F RUM - BUL/SC"],
            "TURKEY": ["F BLA - RUM", "A BUL S F BLA - RUM"],
        },
        expect={"A BUD": [], "F RUM": ["void"], "F BLA": ["bounce"], "A BUL": []},
    ),
    # Move Without Coast And Support
    "6.D.30": dict(
        orders={
            "ITALY": ["F AEG S F CON"],
            "RUSSIA": ["F CON - BUL"],
            "TURKEY": ["F BLA - CON", "A BUL S F BLA - CON"],
        },
        expect={"F AEG": [], "F BLA": ["bounce"], "A BUL": []},
        errors=["F CON - BUL"],
    ),
    # A Tricky Impossible Support
    "6.D.31": dict(
        orders={"AUSTRIA": ["A RUM - ARM"], "TURKEY": ["F BLA S A RUM - ARM"]},
        expect={"A RUM": ["no convoy"], "F BLA": ["void"]},
    ),
    # A Missing Fleet
    "6.D.32": dict(
        orders={
            "ENGLAND": ["F EDI S A LVP - YOR", "A LVP - YOR"],
            "FRANCE": ["F LON S A YOR"],
            "GERMANY": ["A YOR - HOL"],
        },
        expect={"F EDI": [], "A LVP": ["bounce"], "F LON": [], "A YOR": ["void"]},
    ),
    # Unwanted Support Allowed
    "6.D.33": dict(
        orders={
            "AUSTRIA": ["A SER - BUD", "A VIE - BUD"],
            "RUSSIA": ["A GAL S A SER - BUD"],
            "TURKEY": ["A BUL - SER"],
        },
        expect={"A SER": [], "A VIE": ["bounce"], "A GAL": [], "A BUL": []},
    ),
    # Support Targeting Own Area Not Allowed
    "6.D.34": dict(
        orders={
            "GERMANY": ["A BER - PRU", "A SIL S A BER - PRU", "F BAL S A BER - PRU"],
            "ITALY": ["A PRU S A LVN - PRU"],
            "RUSSIA": ["A WAR S A LVN - PRU", "A LVN - PRU"],
        },
        expect={
            "F BAL": [],
            "A BER": [],
            "A SIL": [],
            "A PRU": ["void", "dislodged", "disband"],
            "A LVN": ["bounce"],
            "A WAR": [],
        },
    ),
    # Dislodged Unit Has No Effect On Attacker'S Area
    "6.E.1": dict(
        orders={
            "GERMANY": ["A BER - PRU", "F KIE - BER", "A SIL S A BER - PRU"],
            "RUSSIA": ["A PRU - BER"],
        },
        expect={
            "A BER": [],
            "F KIE": [],
            "A SIL": [],
            "A PRU": ["bounce", "dislodged"],
        },
    ),
    # No Self Dislodgement In Head-To-Head Battle
    "6.E.2": dict(
        orders={"GERMANY": ["A BER - KIE", "F KIE - BER", "A MUN S A BER - KIE"]},
        expect={"A BER": ["bounce"], "F KIE": ["bounce"], "A MUN": []},
    ),
    # No Help In Dislodging Own Unit
    "6.E.3": dict(
        orders={
            "GERMANY": ["A BER - KIE", "A MUN S F KIE - BER"],
            "ENGLAND": ["F KIE - BER"],
        },
        expect={"F KIE": ["bounce"], "A BER": ["bounce"], "A MUN": []},
    ),
    # Non-Dislodged Loser Still Has Effect
    "6.E.4": dict(
        orders={
            "GERMANY": ["F HOL - NTH", "F HEL S F HOL - NTH", "F SKA S F HOL - NTH"],
            "FRANCE": ["F NTH - HOL", "F BEL S F NTH - HOL"],
            "ENGLAND": ["F EDI S F NWG - NTH", "F YOR S F NWG - NTH", "F NWG - NTH"],
            "AUSTRIA": ["A KIE S A RUH - HOL", "A RUH - HOL"],
        },
        expect={
            "A KIE": [],
            "A RUH": ["bounce"],
            "F EDI": [],
            "F NWG": ["bounce"],
            "F YOR": [],
            "F BEL": [],
            "F NTH": ["bounce"],
            "F HEL": [],
            "F HOL": ["bounce"],
            "F SKA": [],
        },
    ),
    # Loser Dislodged By Another Army Still Has Effect
    "6.E.5": dict(
        orders={
            "GERMANY": ["F HOL - NTH", "F HEL S F HOL - NTH", "F SKA S F HOL - NTH"],
            "FRANCE": ["F NTH - HOL", "F BEL S F NTH - HOL"],
            "ENGLAND": [
                "F EDI S F NWG - NTH",
                "F YOR S F NWG - NTH",
                "F NWG - NTH",
                "F LON S F NWG - NTH",
            ],
            "AUSTRIA": ["A KIE S A RUH - HOL", "A RUH - HOL"],
        },
        expect={
            "A KIE": [],
            "A RUH": ["bounce"],
            "F EDI": [],
            "F LON": [],
            "F NWG": [],
            "F YOR": [],
            "F BEL": [],
            "F NTH": ["bounce", "dislodged"],
            "F HEL": [],
            "F HOL": ["bounce"],
            "F SKA": [],
        },
    ),
    # Not Dislodge Because Of Own Support Still Has Effect
    "6.E.6": dict(
        orders={
            "GERMANY": ["F HOL - NTH", "F HEL S F HOL - NTH"],
            "FRANCE": ["F NTH - HOL", "F BEL S F NTH - HOL", "F ENG S F HOL - NTH"],
            "AUSTRIA": ["A KIE S A RUH - HOL", "A RUH - HOL"],
        },
        expect={
            "A KIE": [],
            "A RUH": ["bounce"],
            "F BEL": [],
            "F ENG": [],
            "F NTH": ["bounce"],
            "F HEL": [],
            "F HOL": ["bounce"],
        },
    ),
    # No Self Dislodgement With Beleaguered Garrison
    "6.E.7": dict(
        orders={
            "ENGLAND": ["F NTH H", "F YOR S F NWY - NTH"],
            "GERMANY": ["F HOL S F HEL - NTH", "F HEL - NTH"],
            "RUSSIA": ["F SKA S F NWY - NTH", "F NWY - NTH"],
        },
        expect={
            "F NTH": [],
            "F YOR": [],
            "F HEL": ["bounce"],
            "F HOL": [],
            "F NWY": ["bounce"],
            "F SKA": [],
        },
    ),
    # No Self Dislodgement With Beleaguered Garrison And Head-To-Head Battle
    "6.E.8": dict(
        orders={
            "ENGLAND": ["F NTH - NWY", "F YOR S F NWY - NTH"],
            "GERMANY": ["F HOL S F HEL - NTH", "F HEL - NTH"],
            "RUSSIA": ["F SKA S F NWY - NTH", "F NWY - NTH"],
        },
        expect={
            "F NTH": ["bounce"],
            "F YOR": [],
            "F HEL": ["bounce"],
            "F HOL": [],
            "F NWY": ["bounce"],
            "F SKA": [],
        },
    ),
    # Almost Self Dislodgement With Beleaguered Garrison
    "6.E.9": dict(
        orders={
            "ENGLAND": ["F NTH - NWG", "F YOR S F NWY - NTH"],
            "GERMANY": ["F HOL S F HEL - NTH", "F HEL - NTH"],
            "RUSSIA": ["F SKA S F NWY - NTH", "F NWY - NTH"],
        },
        expect={
            "F NTH": [],
            "F YOR": [],
            "F HEL": ["bounce"],
            "F HOL": [],
            "F NWY": [],
            "F SKA": [],
        },
    ),
    # Almost Circular Movement With No Self Dislodgement With Beleaguered Garrison
    "6.E.10": dict(
        orders={
            "ENGLAND": ["F NTH - DEN", "F YOR S F NWY - NTH"],
            "GERMANY": ["F HOL S F HEL - NTH", "F HEL - NTH", "F DEN - HEL"],
            "RUSSIA": ["F SKA S F NWY - NTH", "F NWY - NTH"],
        },
        expect={
            "F NTH": ["bounce"],
            "F YOR": [],
            "F DEN": ["bounce"],
            "F HEL": ["bounce"],
            "F HOL": [],
            "F NWY": ["bounce"],
            "F SKA": [],
        },
    ),
    # No Self Dislodgement With Beleaguered Garrison, Unit Swap With Adjacent Convoying And Two Coasts
    "6.E.11": dict(
        orders={
            "FRANCE": [
                "A SPA - POR VIA",
                "F MAO C A SPA - POR",
                "F LYO S F POR - SPA/NC",
            ],
            "GERMANY": ["A MAR S A GAS - SPA", "A GAS - SPA"],
            "ITALY": ["F POR - SPA/NC", "F WES S F POR - SPA/NC"],
        },
        expect={
            "F LYO": [],
            "F MAO": [],
            "A SPA": [],
            "A GAS": ["bounce"],
            "A MAR": [],
            "F POR": [],
            "F WES": [],
        },
    ),
    # Support On Attack On Own Unit Can Be Used For Other Means
    "6.E.12": dict(
        orders={
            "AUSTRIA": ["A BUD - RUM", "A SER S A VIE - BUD"],
            "ITALY": ["A VIE - BUD"],
            "RUSSIA": ["A GAL - BUD", "A RUM S A GAL - BUD"],
        },
        expect={
            "A BUD": ["bounce"],
            "A SER": [],
            "A VIE": ["bounce"],
            "A GAL": ["bounce"],
            "A RUM": [],
        },
    ),
    # Three Way Beleaguered Garrison
    "6.E.13": dict(
        orders={
            "ENGLAND": ["F EDI S F YOR - NTH", "F YOR - NTH"],
            "FRANCE": ["F BEL - NTH", "F ENG S F BEL - NTH"],
            "GERMANY": ["F NTH H"],
            "RUSSIA": ["F NWG - NTH", "F NWY S F NWG - NTH"],
        },
        expect={
            "F EDI": [],
            "F YOR": ["bounce"],
            "F BEL": ["bounce"],
            "F ENG": [],
            "F NTH": [],
            "F NWG": ["bounce"],
            "F NWY": [],
        },
    ),
    # Illegal Head-To-Head Battle Can Still Defend
    "6.E.14": dict(
        orders={"ENGLAND": ["A LVP - EDI"], "RUSSIA": ["F EDI - LVP"]},
        expect={"A LVP": ["bounce"], "F EDI": ["void"]},
    ),
    # The Friendly Head-To-Head Battle
    "6.E.15": dict(
        orders={
            "ENGLAND": ["F HOL S A RUH - KIE", "A RUH - KIE"],
            "FRANCE": ["A KIE - BER", "A MUN S A KIE - BER", "A SIL S A KIE - BER"],
            "GERMANY": ["A BER - KIE", "F DEN S A BER - KIE", "F HEL S A BER - KIE"],
            "RUSSIA": ["F BAL S A PRU - BER", "A PRU - BER"],
        },
        expect={
            "F HOL": [],
            "A RUH": ["bounce"],
            "A KIE": ["bounce"],
            "A MUN": [],
            "A SIL": [],
            "A BER": ["bounce"],
            "F DEN": [],
            "F HEL": [],
            "F BAL": [],
            "A PRU": ["bounce"],
        },
    ),
    # No Convoy In Coastal Areas
    "6.F.1": dict(
        orders={
            "TURKEY": [
                "A GRE - SEV",
                "F AEG C A GRE - SEV",
                "F CON C A GRE - SEV",
                "F BLA C A GRE - SEV",
            ]
        },
        expect={
            "F AEG": ["no convoy"],
            "F BLA": ["no convoy"],
            "F CON": ["void"],
            "A GRE": ["void"],
        },
    ),
    # An Army Being Convoyed Can Bounce As Normal
    "6.F.2": dict(
        orders={
            "ENGLAND": ["F ENG C A LON - BRE", "A LON - BRE"],
            "FRANCE": ["A PAR - BRE"],
        },
        expect={"F ENG": [], "A LON": ["bounce"], "A PAR": ["bounce"]},
    ),
    # An Army Being Convoyed Can Receive Support
    "6.F.3": dict(
        orders={
            "ENGLAND": ["F ENG C A LON - BRE", "A LON - BRE", "F MAO S A LON - BRE"],
            "FRANCE": ["A PAR - BRE"],
        },
        expect={"F ENG": [], "A LON": [], "F MAO": [], "A PAR": ["bounce"]},
    ),
    # An Attacked Convoy Is Not Disrupted
    "6.F.4": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - HOL", "A LON - HOL"],
            "GERMANY": ["F SKA - NTH"],
        },
        expect={"A LON": [], "F NTH": [], "F SKA": ["bounce"]},
    ),
    # A Beleaguered Convoy Is Not Disrupted
    "6.F.5": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - HOL", "A LON - HOL"],
            "FRANCE": ["F ENG - NTH", "F BEL S F ENG - NTH"],
            "GERMANY": ["F SKA - NTH", "F DEN S F SKA - NTH"],
        },
        expect={
            "A LON": [],
            "F NTH": [],
            "F BEL": [],
            "F ENG": ["bounce"],
            "F DEN": [],
            "F SKA": ["bounce"],
        },
    ),
    # Dislodged Convoy Does Not Cut Support
    "6.F.6": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - HOL", "A LON - HOL"],
            "GERMANY": [
                "A HOL S A BEL",
                "A BEL S A HOL",
                "F HEL S F SKA - NTH",
                "F SKA - NTH",
            ],
            "FRANCE": ["A PIC - BEL", "A BUR S A PIC - BEL"],
        },
        expect={
            "A LON": ["disrupted"],
            "F NTH": ["dislodged"],
            "A BUR": [],
            "A PIC": ["bounce"],
            "A BEL": ["cut"],
            "F HEL": [],
            "A HOL": [],
            "F SKA": [],
        },
    ),
    # Dislodged Convoy Does Not Cause Contested Area
    "6.F.7": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - HOL", "A LON - HOL"],
            "GERMANY": ["F HEL S F SKA - NTH", "F SKA - NTH"],
        },
        expect={
            "A LON": ["disrupted"],
            "F NTH": ["dislodged"],
            "F HEL": [],
            "F SKA": [],
        },
    ),
    # Dislodged Convoy Does Not Cause A Bounce
    "6.F.8": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - HOL", "A LON - HOL"],
            "GERMANY": ["F HEL S F SKA - NTH", "F SKA - NTH", "A BEL - HOL"],
        },
        expect={
            "A LON": ["disrupted"],
            "F NTH": ["dislodged"],
            "A BEL": [],
            "F HEL": [],
            "F SKA": [],
        },
    ),
    # Dislodge Of Multi-Route Convoy
    "6.F.9": dict(
        orders={
            "ENGLAND": ["F ENG C A LON - BEL", "F NTH C A LON - BEL", "A LON - BEL"],
            "FRANCE": ["F BRE S F MAO - ENG", "F MAO - ENG"],
        },
        expect={
            "F ENG": ["dislodged"],
            "A LON": [],
            "F NTH": [],
            "F BRE": [],
            "F MAO": [],
        },
    ),
    # Dislodge Of Multi-Route Convoy With Foreign Fleet
    "6.F.10": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - BEL", "A LON - BEL"],
            "GERMANY": ["F ENG C A LON - BEL"],
            "FRANCE": ["F BRE S F MAO - ENG", "F MAO - ENG"],
        },
        expect={
            "A LON": [],
            "F NTH": [],
            "F BRE": [],
            "F MAO": [],
            "F ENG": ["dislodged"],
        },
    ),
    # Dislodge Of Multi-Route Convoy With Only Foreign Fleets
    "6.F.11": dict(
        orders={
            "ENGLAND": ["A LON - BEL"],
            "GERMANY": ["F ENG C A LON - BEL"],
            "RUSSIA": ["F NTH C A LON - BEL"],
            "FRANCE": ["F BRE S F MAO - ENG", "F MAO - ENG"],
        },
        expect={
            "A LON": [],
            "F BRE": [],
            "F MAO": [],
            "F ENG": ["dislodged"],
            "F NTH": [],
        },
    ),
    # Dislodged Convoying Fleet Not On Route
    "6.F.12": dict(
        orders={
            "ENGLAND": ["F ENG C A LON - BEL", "A LON - BEL", "F IRI C A LON - BEL"],
            "FRANCE": ["F NAO S F MAO - IRI", "F MAO - IRI"],
        },
        expect={
            "F ENG": [],
            "F IRI": ["dislodged"],
            "A LON": [],
            "F MAO": [],
            "F NAO": [],
        },
    ),
    # The Unwanted Alternative
    "6.F.13": dict(
        orders={
            "ENGLAND": ["A LON - BEL", "F NTH C A LON - BEL"],
            "FRANCE": ["F ENG C A LON - BEL"],
            "GERMANY": ["F HOL S F DEN - NTH", "F DEN - NTH"],
        },
        expect={
            "A LON": [],
            "F NTH": ["dislodged"],
            "F ENG": [],
            "F DEN": [],
            "F HOL": [],
        },
    ),
    # Simple Convoy Paradox
    "6.F.14": dict(
        orders={
            "ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
            "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
        },
        expect={
            "F LON": [],
            "F WAL": [],
            "A BRE": ["disrupted"],
            "F ENG": ["dislodged"],
        },
    ),
    # Simple Convoy Paradox With Additional Convoy
    "6.F.15": dict(
        orders={
            "ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
            "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
            "ITALY": ["F IRI C A NAF - WAL", "F MAO C A NAF - WAL", "A NAF - WAL"],
        },
        expect={
            "F LON": [],
            "F WAL": [],
            "A BRE": ["disrupted"],
            "F ENG": ["dislodged"],
            "F IRI": [],
            "F MAO": [],
            "A NAF": [],
        },
    ),
    # Pandin'S Paradox
    "6.F.16": dict(
        orders={
            "ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
            "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
            "GERMANY": ["F NTH S F BEL - ENG", "F BEL - ENG"],
        },
        expect={
            "F LON": [],
            "F WAL": ["bounce"],
            "A BRE": ["disrupted"],
            "F ENG": [],
            "F BEL": ["bounce"],
            "F NTH": [],
        },
    ),
    # Pandin'S Extended Paradox
    "6.F.17": dict(
        orders={
            "ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"],
            "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON", "F YOR S A BRE - LON"],
            "GERMANY": ["F NTH S F BEL - ENG", "F BEL - ENG"],
        },
        expect={
            "F LON": [],
            "F WAL": ["bounce"],
            "A BRE": ["disrupted"],
            "F ENG": [],
            "F YOR": [],
            "F BEL": ["bounce"],
            "F NTH": [],
        },
    ),
    # Betrayal Paradox
    "6.F.18": dict(
        orders={
            "ENGLAND": ["F NTH C A LON - BEL", "A LON - BEL", "F ENG S A LON - BEL"],
            "FRANCE": ["F BEL S F NTH"],
            "GERMANY": ["F HEL S F SKA - NTH", "F SKA - NTH"],
        },
        expect={
            "F ENG": [],
            "A LON": ["disrupted"],
            "F NTH": [],
            "F BEL": [],
            "F HEL": [],
            "F SKA": ["bounce"],
        },
    ),
    # Multi-Route Convoy Disruption Paradox
    "6.F.19": dict(
        orders={
            "FRANCE": ["A TUN - NAP", "F TYS C A TUN - NAP", "F ION C A TUN - NAP"],
            "ITALY": ["F NAP S F ROM - TYS", "F ROM - TYS"],
        },
        expect={
            "F ION": [],
            "A TUN": ["bounce"],
            "F TYS": [],
            "F NAP": ["cut"],
            "F ROM": ["bounce"],
        },
    ),
    # Unwanted Multi-Route Convoy Paradox
    "6.F.20": dict(
        orders={
            "FRANCE": ["A TUN - NAP", "F TYS C A TUN - NAP"],
            "ITALY": ["F NAP S F ION", "F ION C A TUN - NAP"],
            "TURKEY": ["F AEG S F EAS - ION", "F EAS - ION"],
        },
        expect={
            "A TUN": ["bounce"],
            "F TYS": [],
            "F ION": ["dislodged"],
            "F NAP": ["cut"],
            "F AEG": [],
            "F EAS": [],
        },
    ),
    # Dad'S Army Convoy
    "6.F.21": dict(
        orders={
            "RUSSIA": ["A EDI S A NWY - CLY", "F NWG C A NWY - CLY", "A NWY - CLY"],
            "FRANCE": ["F IRI S F MAO - NAO", "F MAO - NAO"],
            "ENGLAND": ["A LVP - CLY VIA", "F NAO C A LVP - CLY", "F CLY S F NAO"],
        },
        expect={
            "F CLY": ["cut", "dislodged", "disband"],
            "A LVP": ["bounce"],
            "F NAO": ["dislodged", "disband"],
            "F IRI": [],
            "F MAO": [],
            "A EDI": [],
            "F NWG": [],
            "A NWY": [],
        },
        expect_2023={
            "F CLY": ["cut", "dislodged", "disband"],
            "A LVP": ["disrupted"],
            "F NAO": ["dislodged", "disband"],
            "F IRI": [],
            "F MAO": [],
            "A EDI": [],
            "F NWG": [],
            "A NWY": [],
        },
    ),
    # Second Order Paradox With Two Resolutions
    "6.F.22": dict(
        orders={
            "ENGLAND": ["F EDI - NTH", "F LON S F EDI - NTH"],
            "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
            "GERMANY": ["F BEL S F PIC - ENG", "F PIC - ENG"],
            "RUSSIA": ["A NWY - BEL", "F NTH C A NWY - BEL"],
        },
        expect={
            "F EDI": [],
            "F LON": [],
            "A BRE": ["disrupted"],
            "F ENG": ["dislodged"],
            "F BEL": [],
            "F PIC": [],
            "F NTH": ["dislodged"],
            "A NWY": ["disrupted"],
        },
    ),
    # Second Order Paradox With Two Exclusive Convoys
    "6.F.23": dict(
        orders={
            "ENGLAND": ["F EDI - NTH", "F YOR S F EDI - NTH"],
            "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
            "GERMANY": ["F BEL S F ENG", "F LON S F NTH"],
            "ITALY": ["F MAO - ENG", "F IRI S F MAO - ENG"],
            "RUSSIA": ["A NWY - BEL", "F NTH C A NWY - BEL"],
        },
        expect={
            "F EDI": ["bounce"],
            "F YOR": [],
            "A BRE": ["disrupted"],
            "F ENG": [],
            "F BEL": [],
            "F LON": [],
            "F IRI": [],
            "F MAO": ["bounce"],
            "F NTH": [],
            "A NWY": ["disrupted"],
        },
    ),
    # Second Order Paradox With No Resolution
    "6.F.24": dict(
        orders={
            "ENGLAND": [
                "F EDI - NTH",
                "F LON S F EDI - NTH",
                "F IRI - ENG",
                "F MAO S F IRI - ENG",
            ],
            "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON", "F BEL S F ENG"],
            "RUSSIA": ["A NWY - BEL", "F NTH C A NWY - BEL"],
        },
        expect={
            "F EDI": [],
            "F IRI": ["bounce"],
            "F LON": [],
            "F MAO": [],
            "F BEL": [],
            "A BRE": ["disrupted"],
            "F ENG": [],
            "F NTH": ["dislodged"],
            "A NWY": ["disrupted"],
        },
    ),
    # Cut Support Last
    "6.F.25": dict(
        orders={
            "GERMANY": [
                "A RUH - BEL",
                "A HOL S A RUH - BEL",
                "A DEN - NWY",
                "F SKA C A DEN - NWY",
                "A FIN S A DEN - NWY",
            ],
            "ENGLAND": [
                "A YOR - HOL",
                "F NTH C A YOR - HOL",
                "F HEL S A YOR - HOL",
                "A BEL H",
            ],
            "RUSSIA": ["F NWG - NTH", "F NWY S F NWG - NTH", "F SWE - SKA"],
        },
        expect={
            "A BEL": [],
            "F HEL": [],
            "F NTH": [],
            "A YOR": [],
            "A DEN": [],
            "A FIN": [],
            "A HOL": ["cut", "dislodged"],
            "A RUH": ["bounce"],
            "F SKA": [],
            "F NWG": ["bounce"],
            "F NWY": ["cut", "dislodged"],
            "F SWE": ["bounce"],
        },
    ),
    # Two Units Can Swap Provinces By Convoy
    "6.G.1": dict(
        orders={
            "ENGLAND": ["A NWY - SWE", "F SKA C A NWY - SWE"],
            "RUSSIA": ["A SWE - NWY"],
        },
        expect={"A NWY": [], "F SKA": [], "A SWE": []},
    ),
    # Kidnapping An Army
    "6.G.2": dict(
        orders={
            "ENGLAND": ["A NWY - SWE"],
            "RUSSIA": ["F SWE - NWY"],
            "GERMANY": ["F SKA C A NWY - SWE"],
        },
        expect={"A NWY": ["bounce"], "F SKA": ["no convoy"], "F SWE": ["bounce"]},
    ),
    # An Unwanted Disrupted Convoy To Adjacent Province
    "6.G.3": dict(
        orders={
            "FRANCE": [
                "F BRE - ENG",
                "A PIC - BEL",
                "A BUR S A PIC - BEL",
                "F MAO S F BRE - ENG",
            ],
            "ENGLAND": ["F ENG C A PIC - BEL"],
        },
        expect={
            "F ENG": ["no convoy", "dislodged"],
            "F BRE": [],
            "A BUR": [],
            "F MAO": [],
            "A PIC": [],
        },
    ),
    # An Unwanted Disrupted Convoy To Adjacent Province And Opposite Move
    "6.G.4": dict(
        orders={
            "FRANCE": [
                "F BRE - ENG",
                "A PIC - BEL",
                "A BUR S A PIC - BEL",
                "F MAO S F BRE - ENG",
            ],
            "ENGLAND": ["F ENG C A PIC - BEL", "A BEL - PIC"],
        },
        expect={
            "A BEL": ["bounce", "dislodged"],
            "F ENG": ["no convoy", "dislodged"],
            "F BRE": [],
            "A BUR": [],
            "F MAO": [],
            "A PIC": [],
        },
    ),
    # Swapping With Multiple Fleets With One Own Fleet
    "6.G.5": dict(
        orders={
            "ITALY": ["A ROM - APU", "F TYS C A APU - ROM"],
            "TURKEY": ["A APU - ROM", "F ION C A APU - ROM"],
        },
        expect={"A ROM": [], "F TYS": [], "A APU": [], "F ION": []},
    ),
    # Swapping With Unintended Intent
    "6.G.6": dict(
        orders={
            "ENGLAND": ["A LVP - EDI", "F ENG C A LVP - EDI"],
            "GERMANY": ["A EDI - LVP"],
            "FRANCE": ["F IRI H", "F NTH H"],
            "RUSSIA": ["F NWG C A LVP - EDI", "F NAO C A LVP - EDI"],
        },
        expect={
            "F ENG": [],
            "A LVP": [],
            "F IRI": [],
            "F NTH": [],
            "A EDI": [],
            "F NAO": [],
            "F NWG": [],
        },
    ),
    # Swapping With Illegal Intent
    "6.G.7": dict(
        orders={
            "ENGLAND": ["F SKA C A SWE - NWY", "F NWY - SWE"],
            "RUSSIA": ["A SWE - NWY", "F BOT C A SWE - NWY"],
        },
        expect={
            "F NWY": ["bounce"],
            "F SKA": ["no convoy"],
            "F BOT": ["no convoy"],
            "A SWE": ["bounce"],
        },
    ),
    # Explicit Convoy That Isn'T There
    "6.G.8": dict(
        orders={
            "FRANCE": ["A BEL - HOL VIA"],
            "ENGLAND": ["F NTH - HEL", "A HOL - KIE"],
        },
        expect={"A HOL": [], "F NTH": [], "A BEL": []},
        expect_2023={"A HOL": [], "F NTH": [], "A BEL": ["no convoy"]},
    ),
    # Swapped Or Dislodged?
    "6.G.9": dict(
        orders={
            "ENGLAND": ["A NWY - SWE", "F SKA C A NWY - SWE", "F FIN S A NWY - SWE"],
            "RUSSIA": ["A SWE - NWY"],
        },
        expect={"F FIN": [], "A NWY": [], "F SKA": [], "A SWE": []},
    ),
    # Swapped Or An Head-To-Head Battle?
    "6.G.10": dict(
        orders={
            "ENGLAND": [
                "A NWY - SWE VIA",
                "F DEN S A NWY - SWE",
                "F FIN S A NWY - SWE",
            ],
            "GERMANY": ["F SKA C A NWY - SWE"],
            "RUSSIA": ["A SWE - NWY", "F BAR S A SWE - NWY"],
            "FRANCE": ["F NWG - NWY", "F NTH S F NWG - NWY"],
        },
        expect={
            "F DEN": [],
            "F FIN": [],
            "A NWY": [],
            "F NTH": [],
            "F NWG": ["bounce"],
            "F SKA": [],
            "F BAR": [],
            "A SWE": ["bounce", "dislodged", "disband"],
        },
    ),
    # A Convoy To An Adjacent Province With A Paradox
    "6.G.11": dict(
        orders={
            "ENGLAND": ["F NWY S F NTH - SKA", "F NTH - SKA"],
            "RUSSIA": ["A SWE - NWY", "F SKA C A SWE - NWY", "F BAR S A SWE - NWY"],
        },
        expect={
            "F NTH": ["bounce"],
            "F NWY": ["cut", "dislodged"],
            "F BAR": [],
            "F SKA": [],
            "A SWE": [],
        },
        expect_2023={
            "F NTH": [],
            "F NWY": [],
            "F BAR": [],
            "F SKA": ["dislodged"],
            "A SWE": ["disrupted"],
        },
    ),
    # Swapping Two Units With Two Convoys
    "6.G.12": dict(
        orders={
            "ENGLAND": [
                "A LVP - EDI VIA",
                "F NAO C A LVP - EDI",
                "F NWG C A LVP - EDI",
            ],
            "GERMANY": [
                "A EDI - LVP VIA",
                "F NTH C A EDI - LVP",
                "F ENG C A EDI - LVP",
                "F IRI C A EDI - LVP",
            ],
        },
        expect={
            "A LVP": [],
            "F NAO": [],
            "F NWG": [],
            "A EDI": [],
            "F ENG": [],
            "F IRI": [],
            "F NTH": [],
        },
    ),
    # Support Cut On Attack On Itself Via Convoy
    "6.G.13": dict(
        orders={
            "AUSTRIA": ["F ADR C A TRI - VEN", "A TRI - VEN VIA"],
            "ITALY": ["A VEN S F ALB - TRI", "F ALB - TRI"],
        },
        expect={
            "F ADR": [],
            "A TRI": ["bounce", "dislodged"],
            "F ALB": [],
            "A VEN": [],
        },
    ),
    # Bounce By Convoy To Adjacent Province
    "6.G.14": dict(
        orders={
            "ENGLAND": ["A NWY - SWE", "F DEN S A NWY - SWE", "F FIN S A NWY - SWE"],
            "FRANCE": ["F NWG - NWY", "F NTH S F NWG - NWY"],
            "GERMANY": ["F SKA C A SWE - NWY"],
            "RUSSIA": ["A SWE - NWY VIA", "F BAR S A SWE - NWY"],
        },
        expect={
            "F DEN": [],
            "F FIN": [],
            "A NWY": [],
            "F NTH": [],
            "F NWG": ["bounce"],
            "F SKA": [],
            "F BAR": [],
            "A SWE": ["bounce", "dislodged", "disband"],
        },
    ),
    # Bounce And Dislodge With Double Convoy
    "6.G.15": dict(
        orders={
            "ENGLAND": [
                "F NTH C A LON - BEL",
                "A HOL S A LON - BEL",
                "A YOR - LON",
                "A LON - BEL VIA",
            ],
            "FRANCE": ["F ENG C A BEL - LON", "A BEL - LON VIA"],
        },
        expect={
            "A HOL": [],
            "A LON": [],
            "F NTH": [],
            "A YOR": ["bounce"],
            "A BEL": ["bounce", "dislodged"],
            "F ENG": [],
        },
    ),
    # The Two Unit In One Area Bug, Moving By Convoy
    "6.G.16": dict(
        orders={
            "ENGLAND": [
                "A NWY - SWE",
                "A DEN S A NWY - SWE",
                "F BAL S A NWY - SWE",
                "F NTH - NWY",
            ],
            "RUSSIA": ["A SWE - NWY VIA", "F SKA C A SWE - NWY", "F NWG S A SWE - NWY"],
        },
        expect={
            "F BAL": [],
            "A DEN": [],
            "F NTH": ["bounce"],
            "A NWY": [],
            "F NWG": [],
            "F SKA": [],
            "A SWE": [],
        },
    ),
    # The Two Unit In One Area Bug, Moving Over Land
    "6.G.17": dict(
        orders={
            "ENGLAND": [
                "A NWY - SWE VIA",
                "A DEN S A NWY - SWE",
                "F BAL S A NWY - SWE",
                "F SKA C A NWY - SWE",
                "F NTH - NWY",
            ],
            "RUSSIA": ["A SWE - NWY", "F NWG S A SWE - NWY"],
        },
        expect={
            "F BAL": [],
            "A DEN": [],
            "F NTH": ["bounce"],
            "A NWY": [],
            "F SKA": [],
            "F NWG": [],
            "A SWE": [],
        },
    ),
    # The Two Unit In One Area Bug, With Double Convoy
    "6.G.18": dict(
        orders={
            "ENGLAND": [
                "F NTH C A LON - BEL",
                "A HOL S A LON - BEL",
                "A YOR - LON",
                "A LON - BEL",
                "A RUH S A LON - BEL",
            ],
            "FRANCE": ["F ENG C A BEL - LON", "A BEL - LON", "A WAL S A BEL - LON"],
        },
        expect={
            "A HOL": [],
            "A LON": [],
            "F NTH": [],
            "A RUH": [],
            "A YOR": ["bounce"],
            "A BEL": [],
            "F ENG": [],
            "A WAL": [],
        },
    ),
    # Swapping With Intent Of Unnecessary Convoy
    "6.G.19": dict(
        orders={
            "FRANCE": ["A MAR - SPA", "F WES C A MAR - SPA"],
            "ITALY": ["F LYO C A MAR - SPA", "A SPA - MAR"],
        },
        expect={
            "A MAR": ["bounce"],
            "F WES": ["no convoy"],
            "F LYO": ["no convoy"],
            "A SPA": ["bounce"],
        },
    ),
    # Explicit Convoy To Adjacent Province Disrupted
    "6.G.20": dict(
        orders={
            "FRANCE": [
                "F BRE - ENG",
                "A PIC - BEL VIA",
                "A BUR S A PIC - BEL",
                "F MAO S F BRE - ENG",
            ],
            "ENGLAND": ["F ENG C A PIC - BEL"],
        },
        expect={
            "F ENG": ["dislodged"],
            "F BRE": [],
            "A BUR": [],
            "F MAO": [],
            "A PIC": [],
        },
        expect_2023={
            "F ENG": ["dislodged"],
            "F BRE": [],
            "A BUR": [],
            "F MAO": [],
            "A PIC": ["disrupted"],
        },
    ),
}

# Cases whose position is described in words, or that span two phases
# (movement, then the retreats), or adjustments.
GERMANY_1_BUILD = {"GERMANY": ["BER", "KIE", "MUN", "HOL"]}

OTHER = {
    "6.A.6": dict(
        state={"phase": "S1901M", "units": {"ENGLAND": ["F LON"]}},
        orders={"GERMANY": ["F LON - NTH"]},
        expect={"F LON": ["void"]},
        units_after={"ENGLAND": ["F LON"]},
    ),
    # The order names the wrong coast of the fleet: the coast is ignored
    # (DATC 4.B.5) and the move is attempted.
    "6.B.10": dict(
        state={"phase": "S1901M", "units": {"FRANCE": ["F SPA/SC"]}},
        orders={"FRANCE": ["F SPA/NC - LYO"]},
        units_after={"FRANCE": ["F LYO"]},
    ),
    "6.B.11": dict(
        state={"phase": "S1901M", "units": {"FRANCE": ["F SPA/NC"]}},
        orders={"FRANCE": ["F SPA/SC - LYO"]},
        units_after={"FRANCE": ["F SPA/NC"]},
    ),
    "6.B.14": dict(
        state={
            "phase": "W1901A",
            "units": {"RUSSIA": ["A MOS", "A WAR", "F SEV"]},
            "centers": {"RUSSIA": ["MOS", "SEV", "STP", "WAR"]},
        },
        orders={"RUSSIA": ["F STP B"]},
        units_after={"RUSSIA": ["A MOS", "A WAR", "F SEV"]},
    ),
    "6.H.1": dict(
        orders={
            "AUSTRIA": ["F TRI H", "A SER H"],
            "TURKEY": ["F GRE H"],
            "ITALY": [
                "A VEN S A TYR - TRI",
                "A TYR - TRI",
                "F ION - GRE",
                "F AEG S F ION - GRE",
            ],
        },
        dislodged_after={"F TRI": ["ADR", "ALB"], "F GRE": ["ALB", "BUL/SC"]},
        then=dict(
            orders={
                "AUSTRIA": ["F TRI - ALB", "A SER S F TRI - ALB"],
                "TURKEY": ["F GRE - ALB"],
            },
            expect={"F TRI": ["bounce", "disband"], "F GRE": ["bounce", "disband"]},
            units_after={
                "AUSTRIA": ["A SER"],
                "ITALY": ["A TRI", "A VEN", "F AEG", "F GRE"],
            },
        ),
    ),
    "6.H.2": dict(
        orders={
            "ENGLAND": ["A LVP - EDI", "F YOR S A LVP - EDI", "F NWY H"],
            "GERMANY": ["A KIE S A RUH - HOL", "A RUH - HOL"],
            "RUSSIA": ["F EDI H", "A SWE S A FIN - NWY", "A FIN - NWY", "F HOL H"],
        },
        then=dict(
            orders={
                "ENGLAND": ["F NWY - NTH"],
                "RUSSIA": ["F EDI - NTH", "F HOL S F EDI - NTH"],
            },
            units_after={
                "ENGLAND": ["A EDI", "F YOR"],
                "GERMANY": ["A HOL", "A KIE"],
                "RUSSIA": ["A NWY", "A SWE"],
            },
        ),
    ),
    "6.H.3": dict(
        orders={
            "ENGLAND": ["F NTH H", "A HOL H"],
            "GERMANY": ["F KIE S A RUH - HOL", "A RUH - HOL"],
        },
        then=dict(
            orders={"ENGLAND": ["A HOL - YOR", "F NTH C A HOL - YOR"]},
            units_after={"ENGLAND": ["F NTH"], "GERMANY": ["A HOL", "F KIE"]},
        ),
    ),
    "6.H.4": dict(
        orders={
            "ENGLAND": ["F NTH H", "A HOL H"],
            "GERMANY": ["F KIE S A RUH - HOL", "A RUH - HOL"],
        },
        then=dict(
            orders={"ENGLAND": ["A HOL - BEL", "F NTH - NWG"]},
            units_after={"ENGLAND": ["A BEL", "F NTH"], "GERMANY": ["A HOL", "F KIE"]},
        ),
    ),
    "6.H.5": dict(
        orders={
            "RUSSIA": ["F CON S F BLA - ANK", "F BLA - ANK"],
            "TURKEY": ["F ANK H"],
        },
        expect={"F CON": [], "F BLA": [], "F ANK": ["dislodged"]},
        dislodged_after={"F ANK": ["ARM"]},
    ),
    "6.H.6": dict(
        orders={
            "AUSTRIA": ["A BUD S A TRI - VIE", "A TRI - VIE"],
            "GERMANY": ["A MUN - BOH", "A SIL - BOH"],
            "ITALY": ["A VIE H"],
        },
        dislodged_after={"A VIE": ["GAL", "TYR"]},
    ),
    "6.H.7": dict(
        orders={
            "AUSTRIA": ["A BUD S A TRI - VIE", "A TRI - VIE"],
            "GERMANY": ["A MUN S A SIL - BOH", "A SIL - BOH"],
            "ITALY": ["A VIE H", "A BOH H"],
        },
        then=dict(
            orders={"ITALY": ["A BOH - TYR", "A VIE - TYR"]},
            expect={"A BOH": ["bounce", "disband"], "A VIE": ["bounce", "disband"]},
            units_after={"AUSTRIA": ["A BUD", "A VIE"], "GERMANY": ["A BOH", "A MUN"]},
        ),
    ),
    "6.H.8": dict(
        orders={
            "ENGLAND": ["A LVP - EDI", "F YOR S A LVP - EDI", "F NWY H"],
            "GERMANY": ["A KIE S A RUH - HOL", "A RUH - HOL"],
            "RUSSIA": ["F EDI H", "A SWE S A FIN - NWY", "A FIN - NWY", "F HOL H"],
        },
        then=dict(
            orders={
                "ENGLAND": ["F NWY - NTH"],
                "RUSSIA": ["F EDI - NTH", "F HOL - NTH"],
            },
            expect={
                "F NWY": ["bounce", "disband"],
                "F EDI": ["bounce", "disband"],
                "F HOL": ["bounce", "disband"],
            },
            units_after={
                "ENGLAND": ["A EDI", "F YOR"],
                "GERMANY": ["A HOL", "A KIE"],
                "RUSSIA": ["A NWY", "A SWE"],
            },
        ),
    ),
    "6.H.9": dict(
        orders={
            "ENGLAND": ["F HEL - KIE", "F DEN S F HEL - KIE"],
            "GERMANY": ["A BER - PRU", "F KIE H", "A SIL S A BER - PRU"],
            "RUSSIA": ["A PRU - BER"],
        },
        dislodged_after={"F KIE": ["BAL", "BER", "HOL"], "A PRU": ["LVN", "WAR"]},
    ),
    "6.H.10": dict(
        orders={
            "ENGLAND": ["A KIE H"],
            "GERMANY": ["A BER - KIE", "A MUN S A BER - KIE", "A PRU H"],
            "RUSSIA": ["A WAR - PRU", "A SIL S A WAR - PRU"],
        },
        then=dict(
            orders={"ENGLAND": ["A KIE - BER"], "GERMANY": ["A PRU - BER"]},
            expect={"A KIE": ["void", "disband"], "A PRU": []},
            units_after={
                "GERMANY": ["A BER", "A KIE", "A MUN"],
                "RUSSIA": ["A PRU", "A SIL"],
            },
        ),
    ),
    "6.H.11": dict(
        orders={
            "FRANCE": [
                "A GAS - MAR VIA",
                "A BUR S A GAS - MAR",
                "F MAO C A GAS - MAR",
                "F WES C A GAS - MAR",
                "F LYO C A GAS - MAR",
            ],
            "ITALY": ["A MAR H"],
        },
        dislodged_after={"A MAR": ["GAS", "PIE", "SPA"]},
    ),
    "6.H.12": dict(
        orders={
            "ENGLAND": [
                "A LVP - EDI VIA",
                "F IRI C A LVP - EDI",
                "F ENG C A LVP - EDI",
                "F NTH C A LVP - EDI",
            ],
            "FRANCE": ["F BRE - ENG", "F MAO S F BRE - ENG"],
            "RUSSIA": [
                "A EDI - LVP VIA",
                "F NWG C A EDI - LVP",
                "F NAO C A EDI - LVP",
                "A CLY S A EDI - LVP",
            ],
        },
        # Seeds' rules: the land route is the fallback of the disrupted
        # convoy, so Liverpool and Edinburgh pass each other.
        units_after={
            "ENGLAND": ["A EDI", "F IRI", "F NTH"],
            "FRANCE": ["F ENG", "F MAO"],
            "RUSSIA": ["A CLY", "A LVP", "F NAO", "F NWG"],
        },
        units_after_2023={
            "ENGLAND": ["F IRI", "F NTH"],
            "FRANCE": ["F ENG", "F MAO"],
            "RUSSIA": ["A CLY", "A LVP", "F NAO", "F NWG"],
        },
        dislodged_after_2023={
            "A LVP": ["EDI", "WAL", "YOR"],
            "F ENG": ["BEL", "LON", "PIC", "WAL"],
        },
    ),
    "6.H.13": dict(
        orders={
            "ENGLAND": ["A PIC H", "F ENG C A PIC - LON"],
            "FRANCE": ["A PAR - PIC", "A BRE S A PAR - PIC"],
        },
        dislodged_after={"A PIC": ["BEL", "BUR"]},
    ),
    "6.H.14": dict(
        orders={
            "ENGLAND": ["A PIC H", "F ENG S A PIC - BEL"],
            "FRANCE": ["A PAR - PIC", "A BRE S A PAR - PIC", "A BUR H"],
            "GERMANY": ["A MUN S A MAR - BUR", "A MAR - BUR"],
        },
        dislodged_after={"A PIC": ["BEL"], "A BUR": ["BEL", "GAS", "PAR", "RUH"]},
        then=dict(
            orders={"ENGLAND": ["A PIC - BEL"], "FRANCE": ["A BUR - BEL"]},
            expect={"A PIC": ["bounce", "disband"], "A BUR": ["bounce", "disband"]},
            units_after={
                "ENGLAND": ["F ENG"],
                "FRANCE": ["A BRE", "A PIC"],
                "GERMANY": ["A BUR", "A MUN"],
            },
        ),
    ),
    "6.H.15": dict(
        orders={
            "ENGLAND": ["F POR H"],
            "FRANCE": ["F SPA/SC - POR", "F MAO S F SPA/SC - POR"],
        },
        expect={"F POR": ["dislodged", "disband"], "F SPA/SC": [], "F MAO": []},
        dislodged_after={},
        units_after={"FRANCE": ["F MAO", "F POR"]},
    ),
    "6.H.16": dict(
        orders={
            "FRANCE": ["F MAO - SPA/NC", "F GAS - SPA/NC", "F WES H"],
            "ITALY": ["F TUN S F TYS - WES", "F TYS - WES"],
        },
        dislodged_after={"F WES": ["LYO", "NAF"]},
    ),
    "6.I.1": dict(
        state={
            "phase": "W1901A",
            "units": {"GERMANY": ["A BER", "A HOL", "F DEN"]},
            "centers": GERMANY_1_BUILD,
        },
        orders={"GERMANY": ["A WAR B", "A KIE B", "A MUN B"]},
        units_after={"GERMANY": ["A BER", "A HOL", "A KIE", "F DEN"]},
    ),
    "6.I.2": dict(
        state={
            "phase": "W1901A",
            "units": {"RUSSIA": ["A WAR", "F SEV", "F STP/SC"]},
            "centers": {"RUSSIA": ["MOS", "SEV", "STP", "WAR"]},
        },
        orders={"RUSSIA": ["F MOS B"]},
        units_after={"RUSSIA": ["A WAR", "F SEV", "F STP/SC"]},
    ),
    "6.I.3": dict(
        state={
            "phase": "W1901A",
            "units": {"GERMANY": ["A BER", "A MUN", "F DEN"]},
            "centers": GERMANY_1_BUILD,
        },
        orders={"GERMANY": ["A BER B"]},
        units_after={"GERMANY": ["A BER", "A MUN", "F DEN"]},
    ),
    "6.I.4": dict(
        state={
            "phase": "W1901A",
            "units": {"RUSSIA": ["A MOS", "A WAR", "F STP/SC"]},
            "centers": {"RUSSIA": ["MOS", "SEV", "STP", "WAR"]},
        },
        orders={"RUSSIA": ["A STP/NC B"]},
        units_after={"RUSSIA": ["A MOS", "A WAR", "F STP/SC"]},
    ),
    "6.I.5": dict(
        state={
            "phase": "W1901A",
            "units": {"GERMANY": ["A MUN", "A HOL", "F DEN"], "RUSSIA": ["A PRU"]},
            "centers": {"GERMANY": ["KIE", "MUN", "HOL", "DEN"], "RUSSIA": ["BER"]},
        },
        orders={"GERMANY": ["A BER B"]},
        units_after={"GERMANY": ["A HOL", "A MUN", "F DEN"], "RUSSIA": ["A PRU"]},
    ),
    "6.I.6": dict(
        state={
            "phase": "W1901A",
            "units": {"GERMANY": ["A BER", "A SIL", "F KIE"]},
            "centers": {"GERMANY": ["BER", "KIE", "MUN", "WAR"]},
        },
        orders={"GERMANY": ["A WAR B"]},
        units_after={"GERMANY": ["A BER", "A SIL", "F KIE"]},
    ),
    "6.I.7": dict(
        state={
            "phase": "W1901A",
            "units": {"RUSSIA": ["A WAR", "F SEV", "F RUM", "A SWE"]},
            "centers": {"RUSSIA": ["MOS", "SEV", "STP", "WAR", "RUM", "SWE"]},
        },
        orders={"RUSSIA": ["A MOS B", "A MOS B"]},
        units_after={"RUSSIA": ["A MOS", "A SWE", "A WAR", "F RUM", "F SEV"]},
    ),
    "6.J.1": dict(
        state={
            "phase": "W1901A",
            "units": {"FRANCE": ["A PAR", "A PIC"]},
            "centers": {"FRANCE": ["PAR"]},
        },
        orders={"FRANCE": ["F LYO D", "A PIC D", "A PAR D"]},
        units_after={"FRANCE": ["A PAR"]},
    ),
    "6.J.2": dict(
        state={
            "phase": "W1901A",
            "units": {"FRANCE": ["A PAR", "A PIC", "F BRE"]},
            "centers": {"FRANCE": ["PAR"]},
        },
        orders={"FRANCE": ["A PAR D", "A PAR D"]},
        units_after={"FRANCE": ["F BRE"]},
        # 2023: distance to owned centres (Paris) by land or sea: a tie at
        # one, and the fleet goes first.
        units_after_2023={"FRANCE": ["A PIC"]},
    ),
}


def _cd(units, centres, after, after_2023=None):
    power = next(iter(units))
    case = dict(
        state={"phase": "W1901A", "units": units, "centers": {power: centres}},
        orders={},
        units_after={power: after},
    )
    if after_2023:
        case["units_after_2023"] = {power: after_2023}
    return case


OTHER.update(
    {
        "6.J.3": _cd({"RUSSIA": ["A LVN", "A SWE"]}, ["STP"], ["A LVN"]),
        "6.J.4": _cd({"RUSSIA": ["A LVN", "A UKR"]}, ["MOS"], ["A UKR"]),
        "6.J.5": _cd({"RUSSIA": ["F SKA", "F BER"]}, ["STP"], ["F SKA"]),
        # Seeds' rules count to the home centres (St Petersburg is one move from
        # the Gulf of Bothnia); 2023 counts to owned Munich (three each).
        "6.J.6": _cd({"RUSSIA": ["F BOT", "F NTH"]}, ["MUN"], ["F BOT"], ["F NTH"]),
        "6.J.7": _cd(
            {"RUSSIA": ["A BOH", "F SKA", "F NTH"]}, ["STP", "WAR"], ["A BOH", "F SKA"]
        ),
        "6.J.8": _cd({"RUSSIA": ["A TYR", "F BAL"]}, ["WAR"], ["F BAL"]),
        "6.J.9": _cd(
            {"RUSSIA": ["A GRE", "A SEV", "F BAL"]}, ["STP", "SEV"], ["A SEV", "F BAL"]
        ),
        "6.J.9/2": _cd(
            {"RUSSIA": ["A GRE", "A SEV", "F SKA"]}, ["STP", "SEV"], ["A SEV", "F SKA"]
        ),
        # Home centres: Piedmont is next to Venice.  2023: owned Naples only.
        "6.J.10": _cd({"ITALY": ["A GRE", "A PIE"]}, ["NAP"], ["A PIE"], ["A GRE"]),
        "6.J.11": _cd({"ITALY": ["A WAR", "A TUS"]}, ["WAR"], ["A TUS"], ["A WAR"]),
    }
)
