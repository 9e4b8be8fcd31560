#!/usr/bin/env python3
"""Folder layering of a Swift target: which folder names which other folder's types.

Usage:
    layers.py [TARGET_DIR] [--depth N] [--members] [--check] [--quiet]

TARGET_DIR defaults to Sources/FilterableResults (relative to the current
directory). A "folder" is a file's directory relative to TARGET_DIR cut to
--depth components (default 1: Composition/Static counts as Composition;
--depth 2 splits it). Files directly in TARGET_DIR form the folder ".".

What it does
  1. Lexes every .swift file (comments and string literals dropped; code in
     string interpolations kept; raw and multi-line strings handled).
  2. Collects declarations: struct/class/enum/protocol/typealias/actor at any
     type-nesting level (full names such as ResultsComposition.Snapshot; types
     local to a function body are ignored), plus top-level func/var/let.
     An `extension X` makes its folder "touch" X; types nested in an extension
     are declared in the extension's folder.
  3. Resolves identifier tokens as Swift's name lookup would, without type
     checking: `A.B` where A is a known type and A.B is declared; an
     unqualified name first as a member type of each enclosing type scope
     (innermost first, including the outer types of a nested extension),
     then as a top-level name. Argument labels (`(name:` / `, name:`) and
     member accesses on values (`x.name`) are not references.
  4. Reports (a) the folder x folder matrix of reference counts, (b) every
     pair of folders that reference each other, with the names used each way
     and one example file:line each way, (c) strongly connected components
     of the folder graph and any cycle of length >= 3 that remains once the
     mutual pairs are set aside, (d) per type, the folders holding its
     declaration, its extensions and its nested types' declarations, listing
     the types that span several folders.

  --members adds a heuristic second matrix: members (func/var/let/init/case/
  subscript) that an extension declares in a folder other than the extended
  type's declaration folder, referenced from a third folder or the type's own
  folder (e.g. Core calling a ResultsStore method written in Diffing/). Only
  member names declared once in the whole target are considered, so it
  under-counts; it is reported separately and does not affect --check unless
  --check-members is given.

  --check exits 1 when the folder graph has a cycle (any two folders that
  depend on each other, directly or through others), 0 otherwise.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections import defaultdict

KEYWORDS = set("""
associatedtype class deinit enum extension fileprivate func import init inout internal let
open operator private precedencegroup protocol public rethrows static struct subscript typealias
var break case catch continue default defer do else fallthrough for guard if in repeat return
throw switch where while as Any false is nil self Self super throws true try await async
actor nonisolated isolated some any mutating nonmutating final lazy weak unowned override
required convenience dynamic optional indirect get set willSet didSet package consuming borrowing
sending each macro
""".split())

TYPE_KEYWORDS = {"struct", "class", "enum", "protocol", "actor"}
MEMBER_KEYWORDS = {"func", "var", "let", "case", "subscript", "init"}

# Member names too common to attribute to one declaration (stdlib collides).
COMMON_MEMBERS = set("""
count first last isEmpty append insert remove index map filter contains description hash
hashValue startIndex endIndex subscript makeIterator next init value values keys key id
reserveCapacity removeAll sort sorted reversed min max debugDescription apply update reset
encode decode lowerBound upperBound element elements indices swapAt replaceSubrange
""".split())


class Token:
    __slots__ = ("kind", "text", "line")

    def __init__(self, kind: str, text: str, line: int):
        self.kind = kind  # 'id', 'p' (punctuation), 'dir' (#directive)
        self.text = text
        self.line = line

    def __repr__(self):
        return f"{self.kind}:{self.text}@{self.line}"


ID_START = re.compile(r"[A-Za-z_]")
ID_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
NUM_RE = re.compile(r"[0-9][0-9A-Za-z_]*(?:\.[0-9][0-9A-Za-z_]*)*")


class Lexer:
    """Swift lexer, just enough for names: drops comments and literal text."""

    def __init__(self, src: str):
        self.s = src
        self.i = 0
        self.line = 1
        self.tokens: list[Token] = []

    def run(self) -> list[Token]:
        self.lex_code(stop_on_paren=False)
        return self.tokens

    def lex_code(self, stop_on_paren: bool):
        s, n = self.s, len(self.s)
        depth = 0
        while self.i < n:
            c = s[self.i]
            if c == "\n":
                self.line += 1
                self.i += 1
            elif c in " \t\r":
                self.i += 1
            elif s.startswith("//", self.i):
                j = s.find("\n", self.i)
                self.i = n if j < 0 else j
            elif s.startswith("/*", self.i):
                self.block_comment()
            elif c == '"' or (c == "#" and re.match(r"#+\"", s[self.i:self.i + 8])):
                self.string()
            elif c == "#" and self.i + 1 < n and ID_START.match(s[self.i + 1]):
                m = ID_RE.match(s, self.i + 1)
                self.tokens.append(Token("dir", m.group(0), self.line))
                self.i = m.end()
            elif c == "`":
                j = s.find("`", self.i + 1)
                self.tokens.append(Token("id", s[self.i + 1:j], self.line))
                self.i = j + 1
            elif ID_START.match(c):
                m = ID_RE.match(s, self.i)
                self.tokens.append(Token("id", m.group(0), self.line))
                self.i = m.end()
            elif c == "$":
                m = re.compile(r"\$[A-Za-z0-9_]*").match(s, self.i)
                self.tokens.append(Token("p", m.group(0), self.line))
                self.i = m.end()
            elif c.isdigit():
                m = NUM_RE.match(s, self.i)
                self.i = m.end()
            else:
                if c == "(":
                    depth += 1
                elif c == ")":
                    if stop_on_paren and depth == 0:
                        self.i += 1
                        return
                    depth -= 1
                self.tokens.append(Token("p", c, self.line))
                self.i += 1

    def block_comment(self):
        s, n = self.s, len(self.s)
        level = 0
        while self.i < n:
            if s.startswith("/*", self.i):
                level += 1
                self.i += 2
            elif s.startswith("*/", self.i):
                level -= 1
                self.i += 2
                if level == 0:
                    return
            else:
                if s[self.i] == "\n":
                    self.line += 1
                self.i += 1

    def string(self):
        s, n = self.s, len(self.s)
        hashes = 0
        while s[self.i] == "#":
            hashes += 1
            self.i += 1
        multi = s.startswith('"""', self.i)
        self.i += 3 if multi else 1
        close = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while self.i < n:
            if s.startswith(escape, self.i):
                self.i += len(escape)
                if self.i < n and s[self.i] == "(":
                    self.i += 1
                    self.lex_code(stop_on_paren=True)  # interpolation is code
                else:
                    if self.i < n and s[self.i] == "\n":
                        self.line += 1
                    self.i += 1
            elif s.startswith(close, self.i):
                self.i += len(close)
                return
            else:
                if s[self.i] == "\n":
                    self.line += 1
                self.i += 1


class FileScan:
    """Tokens of one file with the type scope of each token."""

    def __init__(self, path: str, rel: str, folder: str):
        self.path, self.rel, self.folder = path, rel, folder
        with open(path, encoding="utf-8") as f:
            self.tokens = Lexer(f.read()).run()
        # scope chain at each token: tuple of full type names (innermost last),
        # or None inside a non-type brace (function body etc.) after the types.
        self.scopes: list[tuple] = []
        self.local: list[bool] = []
        self.decls: list[tuple] = []       # (fullname, kind, line)
        self.extensions: list[tuple] = []  # (fullname, line)
        self.members: list[tuple] = []     # (extended fullname, member name, line)
        self.scan()

    def scan(self):
        toks = self.tokens
        stack: list[tuple] = []  # (kind, fullname) kind: 'type' | 'ext' | 'other'
        pending = None           # (kind, fullname) waiting for its '{'
        paren = 0                # ( and [ depth: where/conformance lists don't hold braces
        for i, t in enumerate(toks):
            chain = tuple(name for kind, name in stack if kind in ("type", "ext"))
            local = any(kind == "other" for kind, _ in stack)
            self.scopes.append(chain)
            self.local.append(local)
            if t.kind == "p":
                if t.text == "{":
                    stack.append(pending if pending else ("other", None))
                    pending = None
                elif t.text == "}":
                    if stack:
                        stack.pop()
                continue
            if t.kind != "id":
                continue
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            prev = toks[i - 1] if i > 0 else None
            if prev is not None and prev.kind == "p" and prev.text == ".":
                continue
            inner = chain[-1] if chain and not local else None
            if t.text in TYPE_KEYWORDS and nxt and nxt.kind == "id" and nxt.text not in KEYWORDS:
                if local:
                    pending = ("other", None)
                    continue
                full = f"{inner}.{nxt.text}" if inner else nxt.text
                self.decls.append((full, t.text, nxt.line))
                pending = ("type", full)
            elif t.text == "extension" and nxt and nxt.kind == "id" and not local and not chain:
                parts, j = [nxt.text], i + 2
                while j + 1 < len(toks) and toks[j].text == "." and toks[j + 1].kind == "id":
                    parts.append(toks[j + 1].text)
                    j += 2
                full = ".".join(parts)
                self.extensions.append((full, nxt.line))
                pending = ("ext", full)
            elif t.text == "typealias" and nxt and nxt.kind == "id" and not local:
                full = f"{inner}.{nxt.text}" if inner else nxt.text
                self.decls.append((full, "typealias", nxt.line))
            elif t.text in ("func", "var", "let") and nxt and nxt.kind == "id" and not local:
                if not chain:
                    self.decls.append((nxt.text, t.text, nxt.line))
                elif stack and stack[-1][0] in ("type", "ext"):
                    self.members.append((chain[-1], nxt.text, nxt.line))
            elif t.text == "case" and nxt and nxt.kind == "id" and stack and stack[-1][0] == "type":
                self.members.append((chain[-1], nxt.text, nxt.line))


class Model:
    def __init__(self, target: str, depth: int):
        self.target = target
        self.files: list[FileScan] = []
        for root, dirs, files in os.walk(target):
            dirs[:] = sorted(d for d in dirs if not d.endswith(".docc"))
            for name in sorted(files):
                if name.endswith(".swift"):
                    path = os.path.join(root, name)
                    rel = os.path.relpath(path, target)
                    parts = rel.split(os.sep)[:-1]
                    folder = "/".join(parts[:depth]) if parts else "."
                    self.files.append(FileScan(path, rel, folder))
        self.folders = sorted({f.folder for f in self.files})
        self.decl_folders: dict[str, set] = defaultdict(set)   # fullname -> folders
        self.decl_sites: dict[str, list] = defaultdict(list)   # fullname -> [(rel, line, kind)]
        self.ext_sites: dict[str, list] = defaultdict(list)    # fullname -> [(rel, line, folder)]
        for f in self.files:
            for full, kind, line in f.decls:
                self.decl_folders[full].add(f.folder)
                self.decl_sites[full].append((f.rel, line, kind))
            for full, line in f.extensions:
                self.ext_sites[full].append((f.rel, line, f.folder))

    def lookup_unqualified(self, name: str, chain: tuple) -> str | None:
        for scope in reversed(chain):
            parts = scope.split(".")
            while parts:
                cand = ".".join(parts) + "." + name
                if cand in self.decl_folders:
                    return cand
                parts.pop()
        return name if name in self.decl_folders else None

    def references(self):
        """Yields (file, token line, resolved fullname) for every reference."""
        for f in self.files:
            toks = f.tokens
            resolved: dict[int, str] = {}
            for i, t in enumerate(toks):
                if t.kind != "id" or t.text in KEYWORDS and t.text != "Self":
                    continue
                prev = toks[i - 1] if i > 0 else None
                nxt = toks[i + 1] if i + 1 < len(toks) else None
                target = None
                if prev is not None and prev.kind == "p" and prev.text == ".":
                    q = i - 2
                    if q >= 0 and toks[q].kind == "p" and toks[q].text == ">":
                        depth, q = 0, q
                        while q >= 0:
                            if toks[q].text == ">":
                                depth += 1
                            elif toks[q].text == "<":
                                depth -= 1
                                if depth == 0:
                                    break
                            q -= 1
                        q -= 1
                    if q >= 0 and toks[q].kind == "id":
                        qual = resolved.get(q)
                        if qual is None and toks[q].text == "Self" and f.scopes[i]:
                            qual = f.scopes[i][-1]
                        if qual is not None:
                            cand = f"{qual}.{t.text}"
                            if cand in self.decl_folders:
                                target = cand
                        elif toks[q].text == "FilterableResults" and t.text in self.decl_folders:
                            target = t.text
                else:
                    if t.text == "Self":
                        continue
                    if (nxt is not None and nxt.text == ":" and prev is not None
                            and prev.text in ("(", ",")):
                        continue  # argument label
                    if prev is not None and prev.kind == "id" and prev.text in (
                            "struct", "class", "enum", "protocol", "actor", "typealias", "func"):
                        # the declared name itself; still resolvable as a qualifier
                        chain = f.scopes[i]
                        inner = chain[-1] if chain and not f.local[i] else None
                        resolved[i] = f"{inner}.{t.text}" if inner else t.text
                        continue
                    target = self.lookup_unqualified(t.text, f.scopes[i])
                if target is None:
                    continue
                resolved[i] = target
                yield f, t.line, target

    def member_references(self):
        """Heuristic: references to members declared in a foreign-folder extension."""
        owner_folder = {}
        for full, folders in self.decl_folders.items():
            owner_folder[full] = folders
        # member name -> list of (extended type, folder, rel, line)
        decls = defaultdict(list)
        for f in self.files:
            for ext_type, name, line in f.members:
                decls[name].append((ext_type, f.folder, f.rel, line))
        foreign = {}
        for name, sites in decls.items():
            folders = {s[1] for s in sites}
            if len(folders) != 1 or name in COMMON_MEMBERS or name in self.decl_folders:
                continue
            ext_type, folder = sites[0][0], sites[0][1]
            home = owner_folder.get(ext_type, set())
            if home and folder not in home:
                foreign[name] = (ext_type, folder, sites[0][2], sites[0][3])
        for f in self.files:
            toks = f.tokens
            for i, t in enumerate(toks):
                if t.kind != "id" or t.text not in foreign:
                    continue
                ext_type, folder, drel, dline = foreign[t.text]
                if folder == f.folder:
                    continue
                prev = toks[i - 1] if i > 0 else None
                nxt = toks[i + 1] if i + 1 < len(toks) else None
                if prev is not None and prev.kind == "id" and prev.text in MEMBER_KEYWORDS | {"case"}:
                    continue  # a declaration of its own
                if nxt is not None and nxt.text == ":" and prev is not None and prev.text in ("(", ","):
                    continue
                dotted = prev is not None and prev.text == "."
                if not dotted and not any(s == ext_type or s.startswith(ext_type + ".")
                                          for s in f.scopes[i]):
                    continue  # unqualified use outside the type: a local of the same name
                yield f, t.line, ext_type, t.text, folder


def tarjan(nodes, edges):
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            visit(v)
    return out


def shortest_cycle(comp, edges):
    """A shortest cycle inside one strongly connected component (BFS)."""
    best = None
    comp = set(comp)
    for s in sorted(comp):
        prev = {s: None}
        frontier = [s]
        found = None
        while frontier and not found:
            nxt = []
            for v in frontier:
                for w in sorted(edges.get(v, ())):
                    if w not in comp:
                        continue
                    if w == s:
                        found = v
                        break
                    if w not in prev:
                        prev[w] = v
                        nxt.append(w)
                if found:
                    break
            frontier = nxt
        if found:
            path, v = [], found
            while v is not None:
                path.append(v)
                v = prev[v]
            path.reverse()
            if best is None or len(path) < len(best):
                best = path
    return best


def short(folder: str) -> str:
    return folder if len(folder) <= 6 else folder[:6]


def matrix_text(folders, counts, title):
    w = max(len(f) for f in folders) + 1
    abbrev = {f: f"{i + 1}" for i, f in enumerate(folders)}
    lines = [title, "(row references column; numbers are reference tokens; columns numbered as rows)"]
    head = " " * (w + 4) + "".join(f"{abbrev[c]:>6}" for c in folders)
    lines.append(head)
    for r in folders:
        row = f"{abbrev[r]:>2}. {r:<{w}}" + "".join(
            f"{(counts.get((r, c), 0) or ('-' if r == c else '.')):>6}" for c in folders)
        lines.append(row)
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("target", nargs="?", default="Sources/FilterableResults")
    ap.add_argument("--depth", type=int, default=1)
    ap.add_argument("--members", action="store_true", help="also report foreign-extension members")
    ap.add_argument("--check", action="store_true", help="exit 1 on any folder cycle")
    ap.add_argument("--check-members", action="store_true",
                    help="with --check, count --members references as dependencies too")
    ap.add_argument("--check-spread", action="store_true",
                    help="with --check, also fail when a type's files span folders (section d)")
    ap.add_argument("--pair", nargs=2, metavar=("FROM", "TO"),
                    help="list every reference from folder FROM to folder TO (file:line name) and exit")
    ap.add_argument("--quiet", action="store_true", help="with --check, print only the cycles")
    ap.add_argument("--selftest", action="store_true", help="run the script's own checks on a small fixture")
    args = ap.parse_args(argv)
    if args.selftest:
        return selftest()
    if not os.path.isdir(args.target):
        ap.error(f"no such folder: {args.target}")
    if args.check_members:
        args.members = True

    m = Model(args.target, args.depth)
    folders = m.folders
    counts = defaultdict(int)
    names = defaultdict(lambda: defaultdict(int))   # (from, to) -> name -> count
    example = {}                                     # (from, to) -> "file:line name"
    listing = []
    for f, line, target in m.references():
        homes = m.decl_folders[target]
        if f.folder in homes:
            continue
        to = sorted(homes)[0]
        key = (f.folder, to)
        if args.pair and key == tuple(args.pair):
            listing.append(f"{f.rel}:{line} {target}")
        counts[key] += 1
        names[key][target] += 1
        example.setdefault(key, f"{f.rel}:{line} {target}")

    if args.pair:
        print("\n".join(listing) if listing else f"no reference from {args.pair[0]} to {args.pair[1]}")
        return 0

    mcounts = defaultdict(int)
    mnames = defaultdict(lambda: defaultdict(int))
    mexample = {}
    if args.members:
        for f, line, ext_type, member, folder in m.member_references():
            key = (f.folder, folder)
            mcounts[key] += 1
            mnames[key][f"{ext_type}.{member}"] += 1
            mexample.setdefault(key, f"{f.rel}:{line} {ext_type}.{member}")

    edges = defaultdict(set)
    for (a, b) in counts:
        edges[a].add(b)
    if args.check_members:
        for (a, b) in mcounts:
            edges[a].add(b)

    out = []
    if not (args.check and args.quiet):
        out.append(f"Target: {args.target} ({len(m.files)} files, {len(folders)} folders, depth {args.depth})")
        out.append("")
        out.append(matrix_text(folders, counts, "(a) Folder dependency matrix (type and global names)"))
        out.append("")

    pairs = sorted((a, b) for a in folders for b in folders
                   if a < b and b in edges[a] and a in edges[b])
    out.append(f"(b) Folders that depend on each other: {len(pairs)} pair(s)")
    for a, b in pairs:
        def desc(x, y):
            ns = sorted(names[(x, y)].items(), key=lambda kv: (-kv[1], kv[0]))
            shown = ", ".join(f"{n}×{c}" for n, c in ns[:6]) + (" …" if len(ns) > 6 else "")
            ex = example.get((x, y)) or mexample.get((x, y), "")
            return f"{counts[(x, y)]} refs [{shown}] e.g. {ex}"
        out.append(f"  {a} <-> {b}")
        out.append(f"    {a} -> {b}: {desc(a, b)}")
        out.append(f"    {b} -> {a}: {desc(b, a)}")
    out.append("")

    comps = [c for c in tarjan(folders, edges) if len(c) > 1]
    out.append(f"(c) Strongly connected components (size > 1): {len(comps)}")
    for c in comps:
        out.append(f"  {len(c)} folders: {', '.join(c)}")
    if not comps:
        out.append("  none: the folders form layers.")
    # cycles left once mutual pairs are set aside
    oneway = defaultdict(set)
    for a in edges:
        for b in edges[a]:
            if a not in edges.get(b, ()):
                oneway[a].add(b)
    longer = [c for c in tarjan(folders, oneway) if len(c) > 1]
    if longer:
        out.append("  Cycles of length >= 3 made of one-way edges (remain after the pairs are fixed):")
        for c in longer:
            cyc = shortest_cycle(c, oneway)
            out.append("    " + " -> ".join(cyc + [cyc[0]]) + f"   (component: {', '.join(c)})")
    elif comps:
        out.append("  No cycle of length >= 3 made of one-way edges: the pairs above are all there is.")
    out.append("")

    spans = []
    if not (args.check and args.quiet) or args.check_spread:
        out.append("(d) Types whose declaration, extensions or nested types span folders")
        tops = sorted(n for n in m.decl_folders if "." not in n and
                      any(k in TYPE_KEYWORDS | {"typealias"} for _, _, k in m.decl_sites[n]))
        for t in tops:
            where = defaultdict(set)
            for rel, line, kind in m.decl_sites[t]:
                where[m_folder(m, rel)].add("decl")
            for full, sites in list(m.ext_sites.items()):
                if full == t or full.startswith(t + "."):
                    for rel, line, folder in sites:
                        where[folder].add("ext" if full == t else f"ext {full[len(t) + 1:]}")
            for full, sites in m.decl_sites.items():
                if full.startswith(t + "."):
                    for rel, line, kind in sites:
                        where[m_folder(m, rel)].add(f"nested {full[len(t) + 1:]}")
            if len(where) > 1:
                spans.append((t, where))
        for t, where in spans:
            parts = []
            for folder in sorted(where):
                tags = where[folder]
                flags = []
                if "decl" in tags:
                    flags.append("decl")
                if "ext" in tags:
                    flags.append("ext")
                other = sorted(x for x in tags if x not in ("decl", "ext"))
                if other:
                    flags.append(", ".join(other[:4]) + (" …" if len(other) > 4 else ""))
                parts.append(f"{folder} ({'; '.join(flags)})")
            out.append(f"  {t}: " + " | ".join(parts))
        out.append(f"  {len(spans)} type(s) span folders.")
        out.append("")

    if args.members and not (args.check and args.quiet):
        out.append(matrix_text(folders, mcounts,
                               "(e) Heuristic: references to members an extension declares outside its "
                               "type's folder"))
        for key in sorted(mcounts):
            ns = sorted(mnames[key].items(), key=lambda kv: (-kv[1], kv[0]))
            shown = ", ".join(f"{n}×{c}" for n, c in ns[:5]) + (" …" if len(ns) > 5 else "")
            out.append(f"  {key[0]} -> {key[1]}: {mcounts[key]} [{shown}] e.g. {mexample[key]}")
        out.append("")

    print("\n".join(out))
    if args.check:
        failed = bool(comps) or (args.check_spread and bool(spans))
        if failed:
            print(f"layers: FAIL: {len(pairs)} mutual pair(s), {len(comps)} cycle component(s)"
                  + (f", {len(spans)} type(s) spanning folders" if args.check_spread else ""),
                  file=sys.stderr)
            return 1
        print("layers: OK: the folders form layers (no cycle)", file=sys.stderr)
    return 0


SELFTEST = {
    # A names B's type in code, in a string interpolation and through a
    # nested type; B names A only in a comment, a string and an argument label.
    "A/Top.swift": '''
struct Top {
    let b: Bee
    func f() -> String { "\\(Bee.Inner.self) and \\(make())" }
    func g(x: Int) {}
}
extension Bee { func extra() {} }
''',
    "B/Bee.swift": '''
/// Mentions Top in a doc comment; /* and Top */ in a block.
struct Bee {
    struct Inner {}
    let s = "Top"
    let raw = #"Top \\(Top)"#
    func call(_ t: Int) { f(Top: 1) }
    func f(Top: Int) {}
}
func make() -> Int { 1 }
''',
    # C and D name each other: one mutual pair; E -> C only.
    "C/C.swift": "struct Cee { var d: Dee? }\n",
    "D/D.swift": "struct Dee { var c: [Cee] }\n",
    "E/E.swift": "enum Eee { typealias T = Cee.Nested }\nextension Cee { struct Nested {} }\n",
}


def selftest() -> int:
    import tempfile, io, contextlib
    with tempfile.TemporaryDirectory() as root:
        for rel, text in SELFTEST.items():
            os.makedirs(os.path.join(root, os.path.dirname(rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w") as f:
                f.write(text)
        m = Model(root, 1)
        refs = {(f.folder, t) for f, _, t in m.references() if f.folder not in m.decl_folders[t]}
        expected = {("A", "Bee"), ("A", "Bee.Inner"), ("A", "make"), ("C", "Dee"), ("D", "Cee"), ("E", "Cee"),
                    ("C", "Cee.Nested")}
        # C -> Cee.Nested is not a reference: Cee.Nested is declared in E but C never names it.
        expected.discard(("C", "Cee.Nested"))
        problems = []
        if refs != expected:
            problems.append(f"references {sorted(refs)} != expected {sorted(expected)}")
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
            rc = main([root, "--check", "--quiet"])
        if rc != 1 or "C <-> D" not in buf.getvalue():
            problems.append(f"--check: rc {rc}, output {buf.getvalue()!r}")
        spread = [l for l in buf.getvalue().splitlines()]
        with contextlib.redirect_stdout(io.StringIO()) as out2, contextlib.redirect_stderr(io.StringIO()):
            main([root])
        if "Bee: A (ext) | B (decl; nested Inner)" not in out2.getvalue() or "Cee: C (decl) | E (ext; nested Nested)" not in out2.getvalue():
            problems.append("type spread not reported: " + out2.getvalue())
    for p in problems:
        print("selftest: FAIL:", p, file=sys.stderr)
    if not problems:
        print("selftest: OK", file=sys.stderr)
    return 1 if problems else 0


def m_folder(m: Model, rel: str) -> str:
    for f in m.files:
        if f.rel == rel:
            return f.folder
    return "?"


if __name__ == "__main__":
    sys.exit(main())
