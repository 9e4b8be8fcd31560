#!/usr/bin/env python3
"""Regenerates Fuzz/Corpus, the seed inputs of the fuzz targets (optional:
the corpus is committed, and CI does not run this).

- json, scenario: the example scenarios, the contract's shared scenarios
  (../../shared/scenarios when beside the checkout) and lines of their logs.
- predicate: every predicate format string written in the tests.
- regex: the patterns and subjects of the MATCHES tests.
"""
import glob, hashlib, os, re, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)

def write(target, data):
    if isinstance(data, str):
        data = data.encode('utf-8')
    folder = os.path.join(here, 'Corpus', target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), 'wb') as f:
        f.write(data)

def swift_unescape(literal):
    """The value of a plain Swift string literal's contents."""
    out, i = [], 0
    while i < len(literal):
        c = literal[i]
        if c == '\\' and i + 1 < len(literal):
            n = literal[i + 1]
            if n == 'u' and literal[i + 2:i + 3] == '{':
                end = literal.index('}', i)
                out.append(chr(int(literal[i + 3:end], 16)))
                i = end + 1
                continue
            out.append({'n': '\n', 't': '\t', 'r': '\r', '0': '\0', '"': '"', "'": "'", '\\': '\\'}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return ''.join(out)

scenario_files = glob.glob(os.path.join(root, 'Examples', 'Scenarios', '*.json'))
scenario_files += glob.glob(os.path.join(root, '..', 'shared', 'scenarios', '*.json'))
for path in scenario_files:
    data = open(path, 'rb').read()
    write('scenario', data)
    write('json', data)
for path in glob.glob(os.path.join(root, '..', 'shared', 'scenarios', '*.jsonl'))[:3]:
    for line in open(path, 'rb').read().splitlines()[:20]:
        write('json', line)
for text in ['[1, -0, 2.5e-3, 1E400, 9007199254740993, 18446744073709551616]', '"\\u00e9\\ud83d\\ude00\\n"',
             '{"a": {"b": [true, false, null]}, "a": 1}', '\ufeff[]', '[[[[[[[[]]]]]]]]']:
    write('json', text)

literal = re.compile(r'\(\s*"((?:[^"\\]|\\.)*)"\s*,')
test_files = glob.glob(os.path.join(root, 'Tests', 'FilterableResultsTests', '**', '*.swift'), recursive=True)
test_files += glob.glob(os.path.join(root, 'Tests', 'FilterableResultsPredicatesTests', '**', '*.swift'), recursive=True)
for path in test_files:
    source = open(path, encoding='utf-8').read()
    if 'Predicate' not in os.path.basename(path) and 'Expression' not in os.path.basename(path):
        continue
    for match in literal.finditer(source):
        value = swift_unescape(match.group(1))
        if os.path.basename(path) == 'RegularExpressionTests.swift' and not value.startswith('t MATCHES'):
            # ("pattern", "subject", expected): pattern NUL subject, with a flags byte.
            rest = source[match.end():match.end() + 200]
            subject = re.match(r'\s*"((?:[^"\\]|\\.)*)"', rest)
            write('regex', b'\x02' + value.encode() + b'\0' + (swift_unescape(subject.group(1)).encode() if subject else b''))
            write('regex', b'\x03' + value.encode() + b'\0' + (swift_unescape(subject.group(1)).encode() if subject else b''))
        else:
            write('predicate', value)
write('predicate', 'name CONTAINS[cd] %@ AND score > %@\0"o\'brien"\0003')
write('predicate', '%K == %@ OR x IN %@\0owner.name\0"Ada"\0[1, 2, "x"]')
write('predicate', 'name == %@\0\' OR TRUEPREDICATE OR \'')
write('predicate', 'SUBQUERY(items, $i, $i.price * %@ > 3).@count > 0 AND ANY tags LIKE[c] %@\0002\0"r*"')
print('corpus written to', os.path.join(here, 'Corpus'))
