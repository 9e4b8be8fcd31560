import FilterableResults

/// A predicate in NSPredicate's format language, parsed and evaluated by this
/// package (Foundation on Linux cannot parse format strings).
///
/// A predicate is parsed once into a compact tree and then evaluated against
/// any element that exposes its fields by name (``FieldValueProviding``),
/// such as a ``FieldValue`` object:
///
///     let predicate = try FormatPredicate("instanceType BEGINSWITH[c] 't1' AND retired == NO")
///     let visible = instances.filter { predicate($0) }
///
/// ## The language
///
/// - Comparisons: `==` (or `=`), `!=` (or `<>`), `<`, `<=`, `>`, `>=`.
/// - String operators: `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE` (`*` any
///   run of characters, `?` one Unicode scalar, `\` before either makes it
///   literal; the pattern covers the whole string) and `MATCHES` (a regular
///   expression that must match the whole string; see below).
/// - `IN {a, b, …}`; `BETWEEN {low, high}`, inclusive.
/// - Modifiers after any operator: `[c]` lowercases both sides, `[d]`
///   decomposes both sides and removes combining marks, `[cd]` does both.
/// - `NOT` (or `!`) binds tightest, then `AND` (`&&`), then `OR` (`||`);
///   parentheses group. Keywords are case-insensitive.
/// - Literals: strings in single or double quotes, with the escapes `\\`,
///   `\'`, `\"`, `\n`, `\t`, `\r` and `\uXXXX` (any other backslash is kept
///   as written, so `'\d+'` is the regular expression `\d+`); numbers
///   (`-3`, `2.5`, `1e3`); `TRUE`, `YES`, `FALSE`, `NO`, `NIL`, `NULL`;
///   `TRUEPREDICATE`, `FALSEPREDICATE`.
/// - A bare word is a key path; dots reach into nested objects
///   (`owner.name`); `#` before a word makes a keyword a key path (`#in`).
/// - Either side may be a key path, a literal or an expression
///   (`5 < score`, `price * quantity > 100`).
/// - `%@` and `%K` are placeholders for values and key paths given as
///   arguments (``init(_:arguments:)``), substituted as values, never as text.
/// - NOT, AND, OR, parentheses and expressions nest at most
///   ``maximumNestingDepth`` levels deep, and `SUBQUERY`s at most
///   ``maximumSubqueryNestingDepth``.
///
/// ## Collections, arithmetic and SELF
///
/// - `ANY` (or `SOME`), `ALL` and `NONE` before a comparison test it with
///   each element of the array on its left as the left value, with the
///   comparison's operator and modifiers: `ANY tags ==[c] 'red'`,
///   `ALL scores > 3`, `NONE tags BEGINSWITH 'x'`. `ALL` holds for an empty
///   array; `NONE` is `NOT ANY`. A word is a modifier only when an operand
///   follows it, so `all == 1` still compares a field called `all`.
/// - Collection operators after a key path: `tags.@count`, and `@sum`,
///   `@avg`, `@min`, `@max`, each optionally followed by a key path read in
///   every element (`items.@sum.price`). An operator with no key path
///   before it applies to `SELF` (`@count > 2`).
/// - Arithmetic: `+`, `-`, `*`, `/` with the usual precedence, unary minus
///   and parentheses: `(price + tax) * quantity >= 100`, `count - 1 == 2`.
/// - `SELF` is the evaluated value (for a ``FieldValue``, the value itself;
///   for other elements, ``FieldValueProviding/valueForSelf()``);
///   `SELF.name` is the key path `name`. `#self` is a field called `self`.
/// - `SUBQUERY(collection, $x, predicate)` is the array of the collection's
///   elements for which the predicate holds, evaluated with each element as
///   the object (`SELF`, and bare key paths, read the element) and as
///   `$x`: `SUBQUERY(items, $i, $i.price > 3 AND $i.stock > 0).@count > 0`.
///   Variables exist only inside the SUBQUERY that binds them (inner ones
///   see the outer ones); a `$x` anywhere else is an error.
/// - Inside these forms (an aggregate's collection, a collection operator's
///   base, an expression), a key path step that meets an array reads the
///   rest of the path in each element, as key-value coding does:
///   `ANY items.tag == 'new'`.
///
/// Refused by name, with an ``ResultsError/invalidPredicate(_:position:expected:)``
/// that says so: array indexes (`tags[FIRST]`, `[LAST]`, `[SIZE]`, `[0]`),
/// other collection operators (`@distinctUnionOfObjects`, `@unionOfObjects`
/// and the rest of the array and set operators), `**`, the set operators
/// `UNION`, `INTERSECT` and `MINUS`, function calls (`FUNCTION(…)`,
/// `CAST(…)`, `TERNARY(…)`, `now()` and any `name(…)`), variables outside a
/// SUBQUERY, the modifiers `[n]` and `[l]`, and hexadecimal, octal and
/// binary numbers (`0x1F`). `=>` and `=<` are not synonyms for `>=` and
/// `<=` here.
///
/// ## Regular expressions
///
/// `MATCHES` runs its own engine, which answers in time proportional to the
/// subject's length times the pattern's compiled size (at most 10,000
/// instructions), whatever the pattern: there is no backtracking to go
/// exponential and no time limit to give up at. It reads the part of ICU's
/// syntax that predicates use, and refuses the rest with
/// ``ResultsError/invalidPredicate(_:position:expected:)`` naming the
/// construct and where it is:
///
/// - literals; `\` before a punctuation character; `\n \t \r \f \a \e`,
///   `\xhh`, `\x{h…}`, `\uhhhh`, `\Uhhhhhhhh`;
/// - `.` (any scalar but a line terminator), `\d \D \w \W \s \S` (Unicode,
///   as ICU defines them), classes `[a-z_]`, `[^…]` with escapes inside;
/// - `^ $ \A \z \Z \b \B`; groups `( )`, `(?: )`, `(?<name> )`; `|`;
/// - `* + ? {n} {n,} {n,m}` (counts up to 1,000), greedy or lazy.
///
/// Refused: backreferences, lookahead and lookbehind, atomic groups,
/// possessive quantifiers, inline flags (`(?i)`: use `[c]`), `\p{…}` and
/// other escapes, nested classes and class operators.
///
/// Matching is on Unicode scalars, as ICU's is on code points. `[c]`
/// compares with simple case folding, one scalar to one scalar (`K`, `k` and
/// KELVIN SIGN are alike; `ß` does not match `ss`, as ICU's full folding of
/// literals would let it). `[d]` decomposes the subject and the pattern and
/// removes their combining marks before matching, so the pattern `Creme.*`
/// matches `Crème brûlée` and so does `Crème.*`.
///
/// ## Evaluation
///
/// - A missing field is null; `x == nil` holds for null and missing fields.
/// - `==` compares as ``FieldValue`` equality (numbers numerically, `1 == 1.0`;
///   strings by Unicode scalars after the modifiers' folding); values of
///   different kinds are never equal. `!=` is exactly the negation of `==`.
/// - `<`, `<=`, `>`, `>=` and `BETWEEN` use the order of values
///   (``FieldValue/compare(_:_:caseInsensitive:)``) and are false between
///   values of different kinds.
/// - `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE` and `MATCHES` are false
///   unless both sides are strings (a number field never begins with `'1'`).
///   The empty string begins, ends and is contained in every string.
/// - `CONTAINS` with an array on the left tests membership of the right-hand
///   value (by `==`, with the modifiers).
/// - `IN` tests membership in a `{…}` list or in an array field; with a
///   string field on the right, whether it contains the left string.
///   `BETWEEN` also takes a key path to a two-element array.
/// - Modifiers affect only strings (array elements included for membership);
///   they do not reach into strings nested in arrays or objects compared by
///   `==`. For `MATCHES`, `[c]` compiles the expression case-insensitively
///   rather than lowercasing its text (which would change escapes like `\D`).
/// - `LIKE`, `CONTAINS` and `IN` with a string take time linear in the
///   lengths of the strings (see ``evaluate(_:)``). `LIKE`'s pattern is a
///   string, a key path or an expression: a number, a Boolean or null is
///   refused, as for `MATCHES`.
/// - An expression without a value compares as a missing field does (as
///   null: `== nil` holds, `!=` holds, everything else is false). Arithmetic
///   takes numbers only: a string, a Boolean, null or a missing field
///   gives no value, as does a division by zero or a result that is not
///   finite. Integers stay exact unless they overflow (then doubles), and
///   `/` divides exactly (`7 / 2 == 3.5`).
/// - `ANY` and `ALL` on a value that is not an array (missing, null, a
///   scalar, an object) are false, and `NONE` (`NOT ANY`) is true:
///   Foundation raises an exception there, and a filter must not.
/// - `@count` takes an array (its elements) or an object (its members);
///   `@sum` adds numbers, skipping nulls (0 for none); `@avg` is their
///   mean with nulls counted as 0 (no value for an empty array); `@min`
///   and `@max` skip nulls and compare numbers or strings, all of one kind
///   (no value for none). Anything else gives no value.
///
/// Predicates are equal when their canonical texts (``description``) are, so
/// `a = 1` equals `a == 1.0` and `5 < a` equals `a > 5`.
public struct FormatPredicate: Sendable {
    /// The parsed predicate, shared by copies: a predicate is one reference,
    /// so closures that capture it stay small and cheap to call.
    @usableFromInline
    let storage: Storage

    /// The immutable state of a parsed predicate.
    @usableFromInline
    final class Storage: Sendable {
        /// The format string as given.
        let format: String

        /// The parsed predicate.
        @usableFromInline
        let root: Node

        /// The root when it is a comparison of a field with a number, kept
        /// outside the tree so that ``evaluate(_:)`` can test it in place.
        @usableFromInline
        let rootNumberTest: FieldNumberTest?

        /// The canonical text: the parse tree printed back.
        let canonicalText: String

        init(format: String, root: Node) {
            self.format = format
            self.root = root
            if case let .fieldNumber(node) = root { rootNumberTest = node.test } else { rootNumberTest = nil }
            canonicalText = root.canonicalText
        }
    }

    /// The deepest nesting a predicate may have: at most this many
    /// parentheses, NOTs, unary minuses and SUBQUERYs open at any point of
    /// the text, and at most this many levels of NOT, AND, OR, arithmetic,
    /// collection operators, aggregates and SUBQUERY in the parsed
    /// predicate (an AND inside an OR, or an OR inside an AND, is one level
    /// more; `a AND b AND c` and `a + b - c` are one level). Deeper
    /// predicates are refused with
    /// ``ResultsError/invalidPredicate(_:position:expected:)``, so parsing,
    /// evaluating and printing stay well within a 512 KB thread stack.
    ///
    /// - Complexity: O(1).
    public static let maximumNestingDepth = 100

    /// The most `SUBQUERY`s a predicate may nest inside one another (in
    /// their predicates or their collections). Each one also counts
    /// towards ``maximumNestingDepth``; deeper ones are refused with
    /// ``ResultsError/invalidPredicate(_:position:expected:)``.
    ///
    /// - Complexity: O(1).
    public static let maximumSubqueryNestingDepth = 8

    /// The format string as given.
    ///
    /// - Complexity: O(1).
    public var format: String { storage.format }

    /// The canonical text.
    var canonicalText: String { storage.canonicalText }

    /// Parses a format string.
    ///
    ///     let predicate = try FormatPredicate("name BEGINSWITH[cd] 'e' OR score BETWEEN {10, 20}")
    ///
    /// - Throws: ``ResultsError/invalidPredicate(_:position:expected:)`` with
    ///   the 0-based character position of the first problem and what was
    ///   expected there, e.g. `expected: "a value after '=='"`. A regular
    ///   expression that is malformed or outside the supported syntax is an
    ///   error too, at the character where the problem is; so is nesting
    ///   deeper than ``maximumNestingDepth``, and a `%@` or `%K` (which need
    ///   ``init(_:arguments:)``).
    /// - Complexity: O(*n*) in the length of `format`, plus compiling any
    ///   regular expressions.
    public init(_ format: String) throws(ResultsError) {
        var parser = FormatPredicateParser(format)
        storage = Storage(format: format, root: try parser.parse())
    }

    /// Parses a format string whose `%@` placeholders stand for values and
    /// `%K` placeholders for key paths, taken from `arguments` in order.
    ///
    ///     let search = try FormatPredicate("name CONTAINS[cd] %@ AND score > %@",
    ///                                      arguments: [.string(userText), 3])
    ///
    /// Arguments are substituted as values, never read as format text, so
    /// text a user typed (`o'brien`, `' OR TRUEPREDICATE OR '`) is only ever
    /// compared with. A `%@` takes a string, a finite number, a Boolean or
    /// null; after `IN` or `BETWEEN` it may take an array of those, as the
    /// list. A `%K` takes a string that is a key path (`"owner.name"`). The
    /// canonical text (``description``) shows the values in place.
    ///
    /// - Throws: ``ResultsError/invalidPredicate(_:position:expected:)``
    ///   for the same reasons as ``init(_:)``, at the placeholder whose
    ///   argument is missing or unsuitable, or at the end of the format when
    ///   arguments are left over.
    /// - Complexity: O(*n* + *a*) for a format of *n* characters and
    ///   arguments of total size *a*, plus compiling regular expressions.
    public init(_ format: String, arguments: [FieldValue]) throws(ResultsError) {
        var parser = FormatPredicateParser(format, arguments: arguments)
        storage = Storage(format: format, root: try parser.parse())
    }
}

extension FormatPredicate: Hashable {
    /// Whether two predicates have the same canonical text.
    ///
    /// - Complexity: O(*n*) in the length of the texts.
    public static func == (lhs: FormatPredicate, rhs: FormatPredicate) -> Bool {
        lhs.canonicalText == rhs.canonicalText
    }

    /// Hashes the canonical text.
    ///
    /// - Complexity: O(*n*) in the length of the text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonicalText)
    }
}

extension FormatPredicate: CustomStringConvertible {
    /// The canonical text of the predicate, which parses back to an equal
    /// predicate: keywords in upper case, `==` and `!=` for their synonyms,
    /// strings in double quotes, only the parentheses needed (plus those
    /// around an `AND` inside an `OR`), and a number compared with a field
    /// written after it (`5 < a` prints `a > 5`).
    ///
    /// - Complexity: O(1): computed when the predicate is parsed.
    public var description: String { canonicalText }
}
