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
        "attachments": [],
    }
    body = message.get_body(preferencelist=("plain",))
    if body is not None:
        result["text"] = body.get_content()
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
