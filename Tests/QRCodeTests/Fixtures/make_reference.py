#!/usr/bin/env python3
"""Writes the reference QR code matrices the QRCode tests compare against, made by an independent encoder.

The reference is the `qrcode` package from PyPI (pure Python, python-qrcode), not Logbook's encoder:

    python3 -m venv /tmp/qrvenv && /tmp/qrvenv/bin/pip install qrcode==8.2
    /tmp/qrvenv/bin/python Tests/QRCodeTests/Fixtures/make_reference.py

It writes two files next to itself.

reference-matrices.txt, one symbol a line, fields separated by one space:

    fixed LEVEL VERSION MASK DATA ROWS
        Byte mode, version and mask forced (the mask compared independently of the penalty rules).
    auto LEVEL VERSION MASK DEFAULT PENALTIES DATA ROWS
        Byte mode, smallest version that fits, mask chosen by the standard's penalty rules: MASK is the mask whose
        complete symbol python-qrcode's own penalty function (qrcode.util.lost_point) scores lowest, the first on a
        tie, and PENALTIES its eight scores, comma-separated. ISO/IEC 18004:2015, 7.8.3.1, scores the complete
        symbol; python-qrcode's own choice (DEFAULT) scores it with the format and version information and the dark
        module left light (python-qrcode issue #388), so the two may differ; ROWS is the symbol with MASK.

    LEVEL is L, M, Q or H; DATA the bytes in hex ("-" when empty); ROWS the rows top to bottom, comma-separated,
    each the modules left to right as bits (1 = dark), padded with zeros to whole hex digits.

reference-digests.txt, every version 1...40 at every level, one a line:

    LEVEL VERSION CAPACITY MASK DIGEST

    CAPACITY is the most bytes byte mode fits at that version and level (the largest count python-qrcode's
    best_fit puts in that version or a smaller one). The symbol encodes CAPACITY bytes, byte i being
    (37 * i + VERSION) mod 256, with the version and MASK forced; DIGEST is the 64-bit FNV-1a hash, in hex, of its
    modules row by row, one byte each (1 dark, 0 light).
"""

import base64
import importlib.metadata
import json
import os
import random

import qrcode
import qrcode.util
from qrcode.exceptions import DataOverflowError

LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}
LEVEL_ORDER = "LMQH"
MATRIX_VERSIONS = [1, 2, 5, 7, 10, 14, 20, 27, 33, 40]
HERE = os.path.dirname(os.path.abspath(__file__))


def symbol(data, level, version=None, mask=None):
    """The module rows (True = dark, no border) of `data` in byte mode."""
    qr = qrcode.QRCode(version=version, error_correction=LEVELS[level], mask_pattern=mask, border=0)
    qr.add_data(qrcode.util.QRData(data, mode=qrcode.util.MODE_8BIT_BYTE))
    qr.make(fit=version is None)
    return qr


def rows_hex(modules):
    out = []
    for row in modules:
        bits = "".join("1" if m else "0" for m in row)
        bits += "0" * (-len(bits) % 4)
        out.append("".join("%x" % int(bits[i : i + 4], 2) for i in range(0, len(bits), 4)))
    return ",".join(out)


def fnv1a64(modules):
    h = 0xCBF29CE484222325
    for row in modules:
        for m in row:
            h ^= 1 if m else 0
            h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def fits(count, level, version):
    try:
        symbol(b"a" * count, level, version=version)
        return True
    except DataOverflowError:
        return False


def capacity(level, version):
    """The largest byte count python-qrcode fits in `version` (binary search on its best_fit)."""
    low, high = 0, 3000
    while low < high:
        middle = (low + high + 1) // 2
        qr = qrcode.QRCode(error_correction=LEVELS[level])
        qr.add_data(qrcode.util.QRData(b"a" * middle, mode=qrcode.util.MODE_8BIT_BYTE))
        try:
            best = qr.best_fit(start=1)
        except (DataOverflowError, ValueError):  # beyond version 40
            best = 41
        if best <= version:
            low = middle
        else:
            high = middle - 1
    return low


def main():
    rng = random.Random(18004)
    capacities = {(l, v): capacity(l, v) for l in LEVEL_ORDER for v in range(1, 41)}

    made_by = "python-qrcode %s; see make_reference.py." % importlib.metadata.version("qrcode")
    lines = ["# Reference QR codes made by " + made_by]
    for vi, version in enumerate(MATRIX_VERSIONS):
        for li, level in enumerate(LEVEL_ORDER):
            cap = capacities[(level, version)]
            # Full, half, one short of full, a third: the terminator and pad codewords all get exercised.
            count = [cap, cap // 2, cap - 1, cap // 3][(vi + li) % 4]
            if version == 1 and level == "L":
                count = 0
            if (vi + li) % 2 == 0:
                data = bytes(rng.randrange(256) for _ in range(count))
            else:
                data = bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz0123456789:/?=&.-_") for _ in range(count))
            mask = (vi + 3 * li) % 8
            qr = symbol(data, level, version=version, mask=mask)
            assert qr.version == version
            lines.append(" ".join(["fixed", level, str(version), str(mask), data.hex() or "-", rows_hex(qr.modules)]))

    token = bytes(rng.randrange(256) for _ in range(32)).hex()
    config = json.dumps(
        {
            "_type": "configuration",
            "mode": 3,
            "url": "https://logbook.example.org/ingest/owntracks",
            "username": "phone",
            "password": token,
            "deviceId": "phone",
            "tid": "PH",
            "monitoring": 1,
            "locatorInterval": 60,
            "locatorDisplacement": 50,
        },
        separators=(",", ":"),
    ).encode()
    auto_texts = [
        (b"hello", "L"),
        (b"https://logbook.example.org/", "M"),
        (b"https://logbook.example.org/ingest/osmand?id=" + token.encode(), "M"),
        (b"https://logbook.example.org/ingest/osmand?id=" + token.encode(), "Q"),
        (b"owntracks:///config?inline=" + base64.b64encode(config), "M"),
        (b"owntracks:///config?inline=" + base64.b64encode(config), "L"),
        ("Fahrtenbuch – Kilometerstand 12 345 km, Übergabe".encode("utf-8"), "H"),
        (bytes(range(256)), "Q"),
        (bytes(rng.randrange(256) for _ in range(1200)), "L"),
    ]
    for data, level in auto_texts:
        default = symbol(data, level)
        version = default.version
        penalties = [qrcode.util.lost_point(symbol(data, level, version=version, mask=m).modules) for m in range(8)]
        standard = penalties.index(min(penalties))
        qr = symbol(data, level, version=version, mask=standard)
        lines.append(
            " ".join(
                [
                    "auto",
                    level,
                    str(version),
                    str(standard),
                    str(default.best_mask_pattern()),
                    ",".join(map(str, penalties)),
                    data.hex(),
                    rows_hex(qr.modules),
                ]
            )
        )
    with open(os.path.join(HERE, "reference-matrices.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")

    digests = ["# Every version at every level, made by " + made_by]
    for level in LEVEL_ORDER:
        for version in range(1, 41):
            cap = capacities[(level, version)]
            assert fits(cap, level, version) and not fits(cap + 1, level, version)
            data = bytes((37 * i + version) % 256 for i in range(cap))
            mask = (version + LEVEL_ORDER.index(level)) % 8
            qr = symbol(data, level, version=version, mask=mask)
            digests.append("%s %d %d %d %s" % (level, version, cap, mask, fnv1a64(qr.modules)))
    with open(os.path.join(HERE, "reference-digests.txt"), "w") as f:
        f.write("\n".join(digests) + "\n")


if __name__ == "__main__":
    main()
