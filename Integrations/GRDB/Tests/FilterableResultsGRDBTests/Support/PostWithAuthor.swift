import GRDB

/// A post with its author's name, as Examples/UIKit/PostsByAuthorViewController.swift
/// and README's database section read it.
struct PostWithAuthor: Codable, Sendable, FetchableRecord {
    var slug: String
    var title: String
    var authorName: String?
}
