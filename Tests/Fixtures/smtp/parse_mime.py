#!/usr/bin/env python3
"""Parses a received message with Python's own email package, independently of Logbook's MIME writer.

    parse_mime.py MESSAGE.eml OUTDIR

Prints JSON: the decoded subject, from, to, date and message id, the plain-text body (decoded), and for each
attachment its file name, content type and the path under OUTDIR where its decoded bytes were written.
"""
import json
import os
import sys
from email import policy
from html.parser import HTMLParser


class Tables(HTMLParser):
    """The tables of an HTML body as lists of rows of cell texts, keyed by their data-area or data-kind."""

    def __init__(self):
        super().__init__()
        self.tables, self.headings, self.table, self.row, self.cell, self.heading = {}, [], None, None, None, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.table = attrs.get("data-area") or attrs.get("data-kind") or "table-%d" % len(self.tables)
            self.tables[self.table] = []
        elif tag == "tr" and self.table is not None:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = ""
        elif tag in ("h1", "h2", "h3"):
            self.heading = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(self.cell.strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables[self.table].append(self.row)
            self.row = None
        elif tag == "table":
            self.table = None
        elif tag in ("h1", "h2", "h3") and self.heading is not None:
            self.headings.append(self.heading.strip())
            self.heading = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data
        if self.heading is not None:
            self.heading += data
from email.parser import BytesParser


def main():
    path, out = sys.argv[1], sys.argv[2]
    with open(path, "rb") as f:
        message = BytesParser(policy=policy.default).parse(f)
    result = {
        "subject": str(message["subject"]),
        "from": str(message["from"]),
        "to": str(message["to"]),
        "date": str(message["date"]),
        "message_id": str(message["message-id"]),
        "defects": [type(d).__name__ for d in message.defects],
        "text": None,
        "html": None,
        "html_tables": {},
        "html_headings": [],
        "attachments": [],
    }
    body = message.get_body(preferencelist=("plain",))
    if body is not None:
        result["text"] = body.get_content()
    html = message.get_body(preferencelist=("html",))
    if html is not None:
        result["html"] = html.get_content()
        tables = Tables()
        tables.feed(result["html"])
        tables.close()
        result["html_tables"] = tables.tables
        result["html_headings"] = tables.headings
    for index, part in enumerate(message.iter_attachments()):
        data = part.get_payload(decode=True)
        target = os.path.join(out, "attachment-%d" % index)
        with open(target, "wb") as f:
            f.write(data)
        result["attachments"].append(
            {
                "filename": part.get_filename(),
                "content_type": part.get_content_type(),
                "path": target,
                "defects": [type(d).__name__ for d in part.defects],
            }
        )
    json.dump(result, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
