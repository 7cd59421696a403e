"""Reading a drawn map back, as an outside check would: the projection on the
root <svg>, the provinces' path data, and whether a point is inside.

Our own small routines (no geographic library): the ellipsoidal Lambert
azimuthal equal-area projection (Snyder, "Map Projections: A Working
Manual", 1987, p. 187) and an even-odd point-in-polygon test.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
WGS84_A = 6378137.0
WGS84_F = 1 / 298.257223563


def proj_params(proj: str) -> dict[str, str]:
    return dict(
        part[1:].split("=", 1)
        for part in proj.split()
        if part.startswith("+") and "=" in part
    )


def laea(proj: str):
    """A function (lon, lat) in degrees -> (X, Y) metres for a +proj=laea
    string on the WGS84 ellipsoid."""
    p = proj_params(proj)
    assert p["proj"] == "laea" and p.get("ellps", "WGS84") == "WGS84"
    lat0, lon0 = math.radians(float(p["lat_0"])), math.radians(float(p["lon_0"]))
    x0, y0 = float(p.get("x_0", 0)), float(p.get("y_0", 0))
    a = WGS84_A
    e2 = WGS84_F * (2 - WGS84_F)
    e = math.sqrt(e2)

    def q(phi: float) -> float:
        s = math.sin(phi)
        return (1 - e2) * (
            s / (1 - e2 * s * s) - (1 / (2 * e)) * math.log((1 - e * s) / (1 + e * s))
        )

    qp = q(math.pi / 2)
    rq = a * math.sqrt(qp / 2)
    beta1 = math.asin(q(lat0) / qp)
    m1 = math.cos(lat0) / math.sqrt(1 - e2 * math.sin(lat0) ** 2)
    d = a * m1 / (rq * math.cos(beta1))

    def forward(lon: float, lat: float) -> tuple[float, float]:
        phi, lam = math.radians(lat), math.radians(lon) - lon0
        beta = math.asin(q(phi) / qp)
        b = rq * math.sqrt(
            2
            / (
                1
                + math.sin(beta1) * math.sin(beta)
                + math.cos(beta1) * math.cos(beta) * math.cos(lam)
            )
        )
        x = b * d * math.cos(beta) * math.sin(lam)
        y = (b / d) * (
            math.cos(beta1) * math.sin(beta)
            - math.sin(beta1) * math.cos(beta) * math.cos(lam)
        )
        return x + x0, y + y0

    return forward


_TOKEN = re.compile(r"[MmLlHhVvZz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def path_loops(d: str) -> list[list[tuple[float, float]]]:
    """The loops of SVG path data made of M, L, H, V and Z (either case)."""
    loops: list[list[tuple[float, float]]] = []
    x = y = 0.0
    cmd = "M"
    nums: list[float] = []
    tokens = _TOKEN.findall(d)

    def flush():
        nonlocal x, y, cmd
        step = 1 if cmd in "HhVv" else 2
        for k in range(0, len(nums), step):
            if cmd in "Hh":
                x = nums[k] + (x if cmd == "h" else 0)
            elif cmd in "Vv":
                y = nums[k] + (y if cmd == "v" else 0)
            else:
                dx, dy = nums[k], nums[k + 1]
                if cmd.islower():
                    x, y = x + dx, y + dy
                else:
                    x, y = dx, dy
            if cmd in "Mm" and k == 0:
                loops.append([(x, y)])
            else:
                loops[-1].append((x, y))
            if cmd in "Mm":
                cmd = "l" if cmd == "m" else "L"
        nums.clear()

    for t in tokens:
        if t.isalpha():
            flush()
            if t in "Zz" and loops:
                x, y = loops[-1][0]
            cmd = t
        else:
            nums.append(float(t))
    flush()
    return loops


def inside(point, loops) -> bool:
    x, y = point
    hit = False
    for loop in loops:
        n = len(loop)
        for k in range(n):
            (x1, y1), (x2, y2) = loop[k], loop[(k + 1) % n]
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
    return hit


class DrawnMap:
    """A drawn SVG map: place real points and find what holds them."""

    def __init__(self, svg: str):
        self.root = ET.fromstring(svg)
        self.forward = laea(self.root.get("data-projection"))
        self.transform = [float(v) for v in self.root.get("data-transform").split()]
        self.provinces: dict[str, list] = {}
        self.fillers: list[tuple[str, list]] = []
        for el in self.root.iter():
            if el.get("class") == "province":
                d = " ".join(
                    p.get("d") for p in el.iter() if p.tag == f"{NS}path" and p.get("d")
                )
                self.provinces[el.get("data-province")] = path_loops(d)
            elif el.get("class") == "filler":
                self.fillers.append((el.get("data-kind"), path_loops(el.get("d"))))

    def place(self, lon: float, lat: float) -> tuple[float, float]:
        a, b, c, d, e, f = self.transform
        x, y = self.forward(lon, lat)
        return a * x + c * y + e, b * x + d * y + f

    def province_at(self, lon: float, lat: float) -> str | None:
        p = self.place(lon, lat)
        hits = [pid for pid, loops in self.provinces.items() if inside(p, loops)]
        assert len(hits) <= 1, f"{lon},{lat} lies in {hits}"
        return hits[0] if hits else None

    def filler_at(self, lon: float, lat: float) -> str | None:
        """ "land" or "sea" for a point in land or water that is no province."""
        p = self.place(lon, lat)
        kinds = [kind for kind, loops in self.fillers if inside(p, loops)]
        return kinds[0] if kinds else None
