#!/usr/bin/env python3
"""Draws the small images the seed points at, so no seeded image path is a 404.

- web/public/images/services/{slug}-1.png and -2.png: the slideshow of each seeded project
  service with id 1 to 15 (server/src/projects/seed.rs), read from
  server/src/catalogue/project_services.rs;
- web/public/favicon.ico: the brand mark, a 32 px "V" on indigo (a PNG inside an ICO).

Pure Python (zlib only), deterministic: run it again and the files are byte-identical.
Usage: python3 scripts/seed_images.py
"""
import hashlib
import math
import re
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PUBLIC = ROOT / "web" / "public"

PALETTES = [
    ((238, 242, 255), (79, 70, 229), (244, 114, 182)),
    ((236, 253, 245), (5, 150, 105), (251, 191, 36)),
    ((255, 247, 237), (234, 88, 12), (37, 99, 235)),
    ((240, 249, 255), (2, 132, 199), (250, 204, 21)),
    ((250, 245, 255), (147, 51, 234), (45, 212, 191)),
    ((254, 242, 242), (220, 38, 38), (30, 41, 59)),
]


def png(width, height, pixel):
    """A PNG of `pixel(x, y) -> (r, g, b)`, each row filtered with Sub (small for gradients)."""
    raw = bytearray()
    for y in range(height):
        raw.append(1)
        previous = (0, 0, 0)
        for x in range(width):
            r, g, b = pixel(x, y)
            raw += bytes(((r - previous[0]) & 255, (g - previous[1]) & 255, (b - previous[2]) & 255))
            previous = (r, g, b)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def mix(a, b, t):
    return tuple(round(a[i] * (1 - t) + b[i] * t) for i in range(3))


def service_picture(slug, variant, width=480, height=300):
    """A soft gradient with a disc and a band, coloured and placed from the slug."""
    digest = hashlib.sha256(f"{slug}-{variant}".encode()).digest()
    bg, main, accent = PALETTES[digest[0] % len(PALETTES)]
    cx, cy = width * (0.3 + digest[1] / 640), height * (0.35 + digest[2] / 900)
    radius = height * (0.22 + digest[3] / 2000)
    band_y = height * (0.62 + digest[4] / 2500)

    def pixel(x, y):
        colour = mix(bg, mix(bg, main, 0.25), x / width)
        if (x - cx) ** 2 + (y - cy) ** 2 <= radius**2:
            colour = mix(main, accent, (y - cy + radius) / (2 * radius) * 0.6)
        elif band_y <= y <= band_y + height * 0.08 and x > width * 0.12:
            colour = accent if variant == 1 else main
        return colour

    return png(width, height, pixel)


def favicon():
    """32 px: an indigo rounded square with a white V, as a PNG inside an ICO."""
    size, corner = 32, 7
    indigo, white = (79, 70, 229), (255, 255, 255)

    def inside_v(x, y):
        # Two strokes meeting at the bottom: distance to each line below a width.
        px, py = x + 0.5, y + 0.5
        if not 8 <= py <= 25:
            return False
        for (x1, y1, x2, y2) in ((8, 8, 16, 25), (24, 8, 16, 25)):
            dx, dy = x2 - x1, y2 - y1
            distance = abs(dy * px - dx * py + x2 * y1 - y2 * x1) / math.hypot(dx, dy)
            if distance <= 2.1:
                return True
        return False

    def pixel(x, y):
        qx, qy = min(x, size - 1 - x), min(y, size - 1 - y)
        if qx < corner and qy < corner and (corner - qx) ** 2 + (corner - qy) ** 2 > corner**2:
            return white
        return white if inside_v(x, y) else indigo

    image = png(size, size, pixel)
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size, size, 0, 0, 1, 32, len(image), 6 + 16)
    return header + entry + image


def seeded_services():
    source = (ROOT / "server/src/catalogue/project_services.rs").read_text()
    found = re.findall(r'\(\s*(\d+),\s*"[^"]+",\s*"([a-z0-9-]+)",\s*"[^"]*",\s*\d+,\s*\d+,?\s*\)', source)
    return [(int(i), slug) for i, slug in found if int(i) <= 15]


def main():
    services = seeded_services()
    assert len(services) == 15, services
    for _, slug in services:
        for variant in (1, 2):
            (PUBLIC / "images" / "services" / f"{slug}-{variant}.png").write_bytes(service_picture(slug, variant))
    (PUBLIC / "favicon.ico").write_bytes(favicon())
    print(f"{len(services) * 2} service images and favicon.ico written under {PUBLIC}")


if __name__ == "__main__":
    main()
