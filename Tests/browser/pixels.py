"""Reads pixels from a PNG screenshot (8-bit RGB or RGBA, not interlaced: what Chromium's
screenshots are), with no imaging library."""
import struct
import zlib


def png_pixels(data):
    """The image in `data` as a function (x, y) → (r, g, b), with its width and height."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset, compressed = 8, b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind, body = data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG"
        elif kind == b"IDAT":
            compressed += body
        offset += 12 + length
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(compressed)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = row[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                estimate = left + up - corner
                a, b, c = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                nearest = left if a <= b and a <= c else up if b <= c else corner
                row[i] = (row[i] + nearest) & 255
        rows.append(row)
        previous = row

    def pixel(x, y):
        at = x * channels
        return tuple(rows[y][at:at + 3])

    return pixel, width, height
