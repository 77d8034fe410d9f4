"""The report page's parts: its style, its few lines of script (tables sorted by a click on a header, no
network), figures as embedded PNGs that say the size of their smallest text, the headline block.

A figure's `<img>` carries `data-font-pt` (its smallest text, in points, measured on the drawn figure) and
`data-dpi`: at a displayed width `w` its smallest text is `pt * dpi / 72 * w / naturalWidth` pixels high. Its
`min-width` keeps that at `MIN_TEXT_PX` or more: on a narrow screen a figure that would shrink below it scrolls
inside its own box instead (the page itself never scrolls sideways).
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Sequence

from matplotlib.figure import Figure
from matplotlib.text import Text

DPI = 110
MIN_TEXT_PX = 9.0

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#222;background:#fafafa}
main{max-width:980px;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.35rem;margin-top:2.2rem;border-bottom:2px solid #ccc}h3{font-size:1.1rem;margin-top:1.6rem}
.banner{background:#fff3cd;border:1px solid #e0c36a;padding:.5rem .8rem;border-radius:6px;margin:.5rem 0}

#headline h2{margin-top:1rem}
.findings{padding-left:1.4rem;margin:.4rem 0}.findings li{margin:.35rem 0}
.next{font-size:.92rem;list-style:none;padding-left:0}.next li{margin:.3rem 0}.fine{font-size:.85rem;color:#555}
code{background:#f0f0f0;padding:0 .2rem;overflow-wrap:anywhere}
figure{margin:1rem 0;overflow-x:auto}img{max-width:100%;height:auto;background:#fff;border:1px solid #eee}
.scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.3rem 0}details{margin:.5rem 0}summary{cursor:pointer}
td,th{padding:.25rem .6rem;border-bottom:1px solid #e5e5e5;text-align:right}
td:first-child,th:first-child{text-align:left}
th{cursor:pointer;user-select:none}th[aria-sort=ascending]::after{content:" \\25B2"}
th[aria-sort=descending]::after{content:" \\25BC"}
.meta td{text-align:left}.meta th{cursor:auto}
@media (min-width:900px){.lead{display:grid;grid-template-columns:1fr 1fr;gap:1.2rem;align-items:start}
.lead figure{margin:0}}
@media (max-width:600px){body{font-size:15px}h1{font-size:1.3rem}main{padding:.6rem}}
"""

SORT_JS = """
document.querySelectorAll('table.sortable th').forEach(function (th) {
  th.addEventListener('click', function () {
    var table = th.closest('table'), body = table.tBodies[0], i = th.cellIndex;
    var up = th.getAttribute('aria-sort') !== 'ascending';
    table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
    function key(row) {
      var c = row.cells[i]; return c.hasAttribute('data-v') ? Number(c.getAttribute('data-v')) : c.textContent;
    }
    var rows = Array.prototype.slice.call(body.rows).sort(function (a, b) {
      var x = key(a), y = key(b);
      var d = (typeof x === 'number' && typeof y === 'number') ? x - y : String(x).localeCompare(String(y));
      return up ? d : -d;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
"""
"""Click a header: the rows sorted by that column (numbers by their value, `data-v`; words alphabetically);
click again: the other way."""


def smallest_font_pt(fig: Figure) -> float:
    """The size in points of the smallest text the figure draws (tick labels, titles, legends, cell labels)."""
    sizes = [float(t.get_fontsize()) for t in fig.findobj(Text)
             if t.get_visible() and t.get_text().strip() and (t.axes is None or t.axes.get_visible())]
    return min(sizes) if sizes else 10.0


def png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    return buf.getvalue()


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) in pixels from a PNG's header."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def min_width(width: int, font_pt: float, dpi: int = DPI) -> int:
    """The displayed width (CSS px) below which the smallest text of a `width`-pixel PNG would be under
    `MIN_TEXT_PX` high."""
    return math.ceil(width * MIN_TEXT_PX / (font_pt * dpi / 72))


def figure_html(fig: Figure, data: bytes, title: str) -> str:
    """The `<figure>` of a drawn figure (`data`: its PNG, from `png`), embedded, with its text size recorded."""
    pt = smallest_font_pt(fig)
    w, h = png_size(data)
    src = base64.b64encode(data).decode()
    return (f'<figure><img alt="{html.escape(title)}" width="{w}" height="{h}" data-font-pt="{pt:g}" '
            f'data-dpi="{DPI}" style="min-width:{min_width(w, pt)}px" '
            f'src="data:image/png;base64,{src}"></figure>')


def headline_html(findings: Sequence, *, figure: str = "", none: str = "", fine: str = "",
                  also: Sequence[str] = ()) -> str:
    """The headline section: the findings (each a `headline.Finding`) as a numbered list, and `also` (what the
    other sweeps say), beside (on a narrow screen: above) the figure; then what to do next for each, then `fine`
    (how they were ranked)."""
    if findings:
        items = "".join(f"<li>{html.escape(f.sentence)}</li>" for f in findings)
        lead = f"<ol class='findings'>{items}</ol>"
    else:
        lead = f"<p class='findings'>{html.escape(none)}</p>"
    lead += "".join(f"<p class='also'>{html.escape(x)}</p>" for x in also)
    steps = [(i, f) for i, f in enumerate(findings, 1) if f.command]
    nxt = ""
    if steps:
        nxt = ("<p><strong>What to do next</strong></p><ul class='next'>"
               + "".join(f"<li>{i}. {html.escape(f.advice[:1].upper() + f.advice[1:])}: <code>{html.escape(f.command)}"
                         "</code></li>" for i, f in steps) + "</ul>")
    return (f"<section id='headline'><h2>Headline</h2><div class='lead'><div>{lead}</div>{figure}</div>{nxt}"
            f"<p class='fine'>{html.escape(fine)}</p></section>")
