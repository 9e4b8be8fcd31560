import Foundation

/// The soak's command line.
struct SoakOptions {
    static let usage = "usage: results-soak [--operations N] [--seed S] [--configuration TEXT]"

    static let help = """
        \(usage)

        Runs seeded random operations over every store configuration (flat,
        sectioned by hand, sectioned by value; unsorted and sorted;
        unfiltered, filtered, filtered hiding empty sections; updates batched,
        unbatched and turned off now and then). Every batch is checked by the
        batch-update validator and applied to simulated table and collection
        views through a ResultsDataSource, whose user swipes to delete and
        drags rows at the index paths the views show (inside open batches
        and while updates are off too, when the views lag the store); after
        every batch the store must agree with the reference model. Three
        large configurations (2,000 keys, sections of hundreds of rows) take
        a thousandth of the operations each; four set the reload threshold
        at each batch's size. A tenth of the operations are steps of random
        compositions (--configuration compositions runs only those),
        checked against the parts' tables joined. Stops at the first failure.

          --operations N        operations in all, shared by the configurations (default 1000000)
          --seed S              the seed every sequence's seed derives from (default 1)
          --configuration TEXT  only the configurations whose name contains TEXT
          -h, --help            print this help

        Store invariant checks run in debug builds of the package (set
        FILTERABLE_RESULTS_CHECKS=0 when building to leave them out).
        Exit status: 0 when every check passed; 1 at the first failure (its
        configuration, sequence seed and operation index are printed); 2 when
        the usage is wrong.
        """

    var operations = 1_000_000
    var seed: UInt64 = 1
    var configuration: String?

    /// Parses the arguments, or exits: 0 for help, 2 for a usage error.
    init(arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                print(Self.help)
                exit(0)
            case "--operations", "--seed", "--configuration":
                guard let value = remaining.popFirst() else { Self.fail("\(argument) needs a value") }
                switch argument {
                case "--operations":
                    guard let count = Int(value), count > 0 else { Self.fail("--operations takes a positive number, not \(value)") }
                    operations = count
                case "--seed":
                    guard let number = UInt64(value) else { Self.fail("--seed takes a non-negative number, not \(value)") }
                    seed = number
                default:
                    configuration = value
                }
            default:
                Self.fail("unknown argument \(argument)")
            }
        }
    }

    /// Reports a usage error and exits with status 2.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("results-soak: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
