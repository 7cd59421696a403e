"""The centre counts of a game over the years, as a small SVG line chart
drawn here (no script, no library): one line per power in its colour."""

from __future__ import annotations

from html import escape

WIDTH, HEIGHT, PAD = 360, 180, 28


def centre_chart(
    years: list[int],
    counts: dict[str, list[int]],
    colours: dict[str, str],
    names: dict[str, str],
) -> str:
    """`counts[power][i]` is the power's count at the start of `years[i]`."""
    if not years:
        return ""
    top = max([1, *(n for series in counts.values() for n in series)])
    span = max(len(years) - 1, 1)

    def x(i: int) -> float:
        return PAD + i * (WIDTH - 2 * PAD) / span

    def y(n: int) -> float:
        return HEIGHT - PAD - n * (HEIGHT - 2 * PAD) / top

    parts = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" role="img"'
        f' viewBox="0 0 {WIDTH} {HEIGHT}" aria-label="Supply centres by year">',
        f'<line x1="{PAD}" y1="{HEIGHT - PAD}" x2="{WIDTH - PAD}"'
        f' y2="{HEIGHT - PAD}" stroke="#888"/>',
        f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{HEIGHT - PAD}" stroke="#888"/>',
        f'<text x="4" y="{y(top) + 4:.0f}" font-size="10">{top}</text>',
        f'<text x="4" y="{HEIGHT - PAD + 4}" font-size="10">0</text>',
    ]
    for i, year in enumerate(years):
        if len(years) < 12 or i % 2 == 0:
            parts.append(
                f'<text x="{x(i):.0f}" y="{HEIGHT - 8}" font-size="10"'
                f' text-anchor="middle">{year}</text>'
            )
    for power, series in sorted(counts.items()):
        points = " ".join(f"{x(i):.1f},{y(n):.1f}" for i, n in enumerate(series))
        colour = escape(colours.get(power, "#444"))
        parts.append(
            f'<polyline data-power="{escape(power)}" fill="none" stroke="{colour}"'
            f' stroke-width="2" points="{points}"><title>{escape(names[power])}'
            f"</title></polyline>"
        )
    parts.append("</svg>")
    return "".join(parts)
