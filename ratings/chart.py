"""A rating history drawn as a small server-side SVG: pure function, no JavaScript.

Returns markup built only from numbers and escaped labels, so it is safe to mark as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

WIDTH, HEIGHT, PAD = 480, 160, 28


def rating_svg(points: Sequence[float], title: str = "", width: int = WIDTH, height: int = HEIGHT) -> str:
    """A polyline of `points` (oldest first) with its min and max labelled; empty for no points."""
    if not points:
        return ""
    low, high = min(points), max(points)
    span = (high - low) or 1.0
    inner_w, inner_h = width - 2 * PAD, height - 2 * PAD
    step = inner_w / (len(points) - 1) if len(points) > 1 else 0.0

    def xy(i: int, value: float) -> tuple[float, float]:
        x = PAD + (i * step if len(points) > 1 else inner_w / 2)
        y = PAD + inner_h - (value - low) / span * inner_h
        return round(x, 1), round(y, 1)

    coords = [xy(i, v) for i, v in enumerate(points)]
    line = " ".join(f"{x},{y}" for x, y in coords)
    dots = "".join(f'<circle cx="{x}" cy="{y}" r="2.5"/>' for x, y in coords)
    label = escape(title)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" role="img" aria-label="{label}" class="rating-chart">'
        f"<title>{label}</title>"
        f'<line x1="{PAD}" y1="{height - PAD}" x2="{width - PAD}" y2="{height - PAD}" stroke="#999"/>'
        f'<text x="2" y="{PAD + 4}" font-size="10">{high:.1f}</text>'
        f'<text x="2" y="{height - PAD + 4}" font-size="10">{low:.1f}</text>'
        f'<polyline fill="none" stroke="#1f5fa8" stroke-width="2" points="{line}"/>'
        f'<g fill="#1f5fa8">{dots}</g>'
        "</svg>"
    )
