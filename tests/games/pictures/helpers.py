"""Reading pictures back: SVG parsed as XML, its texts, its hooks and the faces it uses."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

SVG = "{http://www.w3.org/2000/svg}"
NAMES = {0: "Anna", 1: "Bence", 2: "Csilla", 3: "Dávid", 4: "Eliška", 5: "František"}
SPRITE = "/static/games/pictures/lifeboat-en.svg"
BOATS_SPRITE = "/static/games/pictures/lifeboats-en.svg"


@dataclass
class Picture:
    markup: str
    root: ET.Element

    @property
    def title(self) -> str:
        return "".join(self.root.find(f"{SVG}title").itertext())

    @property
    def description(self) -> str:
        return "".join(self.root.find(f"{SVG}desc").itertext())

    def texts(self) -> list[str]:
        """Every text drawn (not the title and description)."""
        return ["".join(t.itertext()) for t in self.root.iter(f"{SVG}text")]

    def with_data(self, name: str) -> list[str]:
        return [e.get(f"data-{name}") for e in self.root.iter() if e.get(f"data-{name}") is not None]

    def keys(self) -> set[str]:
        """The key of every part (`seat:2`, `card:prov-11`, `birds`: see `games.pictures.hooks`)."""
        return {k for e in self.root.iter() if (k := key_of(e))}

    def part(self, key: str) -> ET.Element:
        found = [e for e in self.root.iter() if key_of(e) == key]
        assert len(found) == 1, f"{len(found)} parts {key!r}"
        return found[0]

    def classes(self, key: str) -> set[str]:
        """The classes of a part, and of the group marking it as changed."""
        part = self.part(key)
        parents = {child: parent for parent in self.root.iter() for child in parent}
        own = set((part.get("class") or "").split())
        wrapper = parents.get(part)
        if wrapper is not None and key_of(wrapper) is None and wrapper.tag == f"{SVG}g":
            own |= set((wrapper.get("class") or "").split())
        return own

    def faces(self) -> list[str]:
        """The card faces and backs the picture uses (not its pieces and icons)."""
        used = [e.get("href").split("#", 1)[1] for e in self.root.iter(f"{SVG}use")]
        return [u for u in used if u.startswith(("face-", "back-"))]

    def styled(self) -> list[str]:
        """Elements with a `style` attribute, and `<style>` elements (a strict CSP refuses both)."""
        return [e.tag for e in self.root.iter() if e.get("style") is not None or e.tag == f"{SVG}style"]


def key_of(element: ET.Element) -> str | None:
    for name, value in element.attrib.items():
        if name == "data-part":
            return value
        if name.startswith("data-"):
            return f"{name[5:]}:{value}"
    return None


def picture(markup: str) -> Picture:
    return Picture(str(markup), ET.fromstring(str(markup)))


def assert_no_secrets(markup: str, secrets: set[str], where: str) -> None:
    """No secret id appears anywhere, even inside a longer string (card ids are never part of a
    face's id or of each other, so this is exact)."""
    shown = sorted(s for s in secrets if s in markup)
    assert not shown, f"{where} shows another seat's secrets: {shown}"
