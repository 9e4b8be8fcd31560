extension ResultsDataSource {
    /// The section index of a table (the strip of titles at a table's side):
    /// its titles and the section each leads to, read from the table shown.
    public struct SectionIndex {
        /// The titles, from the table shown.
        public var titles: (Snapshot) -> [String]
        /// The section the `index`-th title leads to.
        public var section: (_ title: String, _ index: Int, Snapshot) -> Int

        /// Creates a section index from its two functions.
        ///
        /// - Complexity: O(1).
        public init(
            titles: @escaping (Snapshot) -> [String],
            section: @escaping (_ title: String, _ index: Int, Snapshot) -> Int
        ) {
            self.titles = titles
            self.section = section
        }

        /// The first letter of each section's name, capitalized, each title
        /// once; a title leads to the first section it stands for, as
        /// NSFetchedResultsController's default index does.
        ///
        /// - Complexity: O(1) to create; O(*s*) per use for *s* sections.
        public static var firstLetters: Self {
            func letter(_ section: Int, _ snapshot: Snapshot) -> String {
                snapshot.name(ofSection: section)?.first.map { String($0).uppercased() } ?? ""
            }
            return Self(
                titles: { snapshot in
                    var titles: [String] = []
                    for section in 0..<snapshot.numberOfSections {
                        let title = letter(section, snapshot)
                        if !title.isEmpty && titles.last != title { titles.append(title) }
                    }
                    return titles
                },
                section: { title, _, snapshot in
                    (0..<snapshot.numberOfSections).first { letter($0, snapshot) == title } ?? 0
                })
        }
    }
}
