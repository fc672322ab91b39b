"""Reads the first sheet of an .xlsx with the standard library alone and prints its rows as JSON.

A second program reading what the server wrote (zipfile + xml.etree): usage `python3 read-xlsx.py FILE`.
"""

import json
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}


def text_of(node):
    """The text of a shared or inline string: plain <t> or rich-text runs <r><t>."""
    return "".join(t.text or "" for t in node.iter(f"{{{NS['m']}}}t"))


def column_index(ref):
    letters = re.match(r"[A-Z]+", ref).group(0)
    index = 0
    for ch in letters:
        index = index * 26 + (ord(ch) - ord("A") + 1)
    return index - 1


def main(path):
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        shared = []
        if "xl/sharedStrings.xml" in names:
            root = ET.fromstring(archive.read("xl/sharedStrings.xml"))
            shared = [text_of(si) for si in root.findall("m:si", NS)]
        sheet = ET.fromstring(archive.read("xl/worksheets/sheet1.xml"))
    rows = []
    for row in sheet.findall("m:sheetData/m:row", NS):
        cells = {}
        for c in row.findall("m:c", NS):
            kind = c.get("t")
            value = c.find("m:v", NS)
            if kind == "s":
                text = shared[int(value.text)]
            elif kind == "inlineStr":
                text = text_of(c.find("m:is", NS))
            else:
                text = value.text if value is not None and value.text is not None else ""
            cells[column_index(c.get("r"))] = text
        if cells:
            rows.append([cells.get(i, "") for i in range(max(cells) + 1)])
    json.dump(rows, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
