"""Checks svg.out (knights solve --format svg) against board.json (the same solve as JSON):
the SVG parses as XML and its numbers group holds each square's move number."""
import json
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
board = json.load(open("board.json"))["board"]
root = ET.parse("svg.out").getroot()
group = next(g for g in root.iter(NS + "g") if g.get("class") == "numbers")
numbers = sorted(int(t.text) for t in group.iter(NS + "text"))
expected = sorted(n for row in board for n in row if n > 0)
assert numbers == expected, (numbers, expected)
print("svg ok: %d numbers" % len(numbers))
