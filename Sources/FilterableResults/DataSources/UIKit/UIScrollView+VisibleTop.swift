#if canImport(UIKit) && !os(watchOS)
import UIKit

/// Reading and setting what the user sees of a table or collection view:
/// all the UIKit shells do for anchored updates; the logic is
/// ``ResultsDataSource``'s.
extension UIScrollView {
    /// The top of what the user sees, in points from the top of the
    /// content: `contentOffset.y` plus the top of `adjustedContentInset`
    /// (what lies under a translucent bar is not seen).
    var visibleTop: Double { Double(contentOffset.y + adjustedContentInset.top) }

    /// Sets `contentOffset`, without animation, so that what the user sees
    /// starts at `top`, as near as the content allows: never above its
    /// top nor past its end.
    func scroll(toVisibleTop top: Double) {
        let inset = adjustedContentInset
        let lowest = -inset.top
        let highest = max(lowest, contentSize.height + inset.bottom - bounds.height)
        contentOffset.y = min(max(CGFloat(top) - inset.top, lowest), highest)
    }
}
#endif
