"""Draw the app icons (static/img/icons/icon-*.png) from the shapes of app-icon.svg.

Run with any Python that has Pillow (it is no dependency of the site):
``python scripts/draw_app_icons.py``. The square is full-bleed and the coffin sits inside the
middle 80 % circle, so one drawing serves as both an "any" and a "maskable" icon.
"""

from pathlib import Path

from PIL import Image, ImageDraw

ICONS = Path(__file__).resolve().parents[1] / "static" / "img" / "icons"
BROWN, CREAM, DARK = "#8a4b1f", "#f4e4d4", "#3b2414"
COFFIN = [(206, 120), (306, 120), (356, 200), (326, 400), (186, 400), (156, 200)]
CROSS = [((256, 190), (256, 310)), ((216, 230), (296, 230))]
SCALE = 4  # drawn large, then shrunk: smooth edges


def draw(size: int) -> Image.Image:
    big = 512 * SCALE
    image = Image.new("RGB", (big, big), BROWN)
    pen = ImageDraw.Draw(image)
    points = [(x * SCALE, y * SCALE) for x, y in COFFIN]
    pen.polygon(points, fill=CREAM, outline=DARK, width=14 * SCALE)
    for start, end in CROSS:
        line = [(start[0] * SCALE, start[1] * SCALE), (end[0] * SCALE, end[1] * SCALE)]
        pen.line(line, fill=BROWN, width=20 * SCALE)
        for x, y in line:
            r = 10 * SCALE
            pen.ellipse((x - r, y - r, x + r, y + r), fill=BROWN)
    return image.resize((size, size), Image.LANCZOS)


if __name__ == "__main__":
    for size in (192, 512):
        draw(size).save(ICONS / f"icon-{size}.png", optimize=True)
