import Foundation
import LotsCore

/// What pocket lists need from storage. Every list is its owner's alone: each call names the
/// owner, and a list of someone else's is "not found" (never "forbidden": nothing tells anyone
/// that a private list exists). Every write bumps the list's version and appends a `list`
/// change for the owner's other devices, in its own transaction.
protocol ListStore: Sendable {
  /// The owner's lists, "Want to try" (made on first use) first, then the others newest first.
  func lists(ownerID: Int64) async throws -> [PocketList]
  /// Makes a named list.
  /// - Throws: ``AppError`` 409 at ``ListLimits/lists`` lists or for a name the owner uses.
  func createList(ownerID: Int64, name: String, now: Date) async throws -> PocketList
  /// Renames a named list.
  /// - Throws: ``AppError`` 404, 409 for "Want to try" or a name in use.
  func renameList(id: Int64, ownerID: Int64, name: String, now: Date) async throws -> PocketList
  /// Deletes a named list and its entries.
  /// - Throws: ``AppError`` 404, 409 for "Want to try".
  func deleteList(id: Int64, ownerID: Int64, now: Date) async throws
  /// Shares a list by link (keeping its token when it is shared already), or stops sharing.
  /// - Throws: ``AppError`` 404.
  func setShared(_ shared: Bool, id: Int64, ownerID: Int64, now: Date) async throws
    -> PocketList
  /// A page of a list, in its order, as `viewerID` sees it (their blocks and hidden posts
  /// applied), read by its owner (`access` `.owner`) or through its share token.
  /// - Returns: nil when there is no such list for this access.
  func listPage(
    _ access: ListAccess, viewerID: Int64?, cursor: FeedCursor?, limit: Int
  ) async throws -> ListPage?
  /// Saves a post or restaurant at the front of a list; saving it again changes nothing and
  /// answers the entry already there (`created` false).
  /// - Throws: ``AppError`` 404 for a list that is not the owner's or a post they may not
  ///   see; 409 at ``ListLimits/entries`` entries.
  func save(
    _ target: SaveTarget, note: String, listID: Int64, ownerID: Int64, now: Date
  ) async throws -> (entry: ListEntry, created: Bool)
  /// Changes an entry's note.
  /// - Throws: ``AppError`` 404.
  func setNote(_ note: String, entryID: Int64, listID: Int64, ownerID: Int64, now: Date)
    async throws -> ListEntry
  /// Removes an entry.
  /// - Throws: ``AppError`` 404.
  func removeEntry(_ entryID: Int64, listID: Int64, ownerID: Int64, now: Date) async throws
  /// Moves an entry right after `after` (nil: to the front).
  /// - Returns: The list's version after the move.
  /// - Throws: ``AppError`` 404 when either entry is not in the list; 400 to move an entry
  ///   after itself.
  func move(_ entryID: Int64, after: Int64?, listID: Int64, ownerID: Int64, now: Date)
    async throws -> Int64
  /// Where the owner saved a post or restaurant.
  func savedPlaces(_ target: SaveTarget, ownerID: Int64) async throws -> SavedPlaces
}

/// What a save names.
enum SaveTarget: Sendable, Equatable {
  case post(Int64)
  case restaurant(Int64)
}

/// How a list is read: by its owner, or by anyone with its share token.
enum ListAccess: Sendable, Equatable {
  case owner(listID: Int64, ownerID: Int64)
  case shared(token: String)
}

/// The most a person may keep.
enum ListLimits {
  /// Lists per person, "Want to try" included.
  static let lists = 100
  /// Entries per list.
  static let entries = 10_000
  /// Positions are spaced this far apart, so that about twenty moves between the same two
  /// entries fit before the list is renumbered.
  static let spacing: Int64 = 1 << 20
  /// The name of the list every account has.
  static let wantToTry = "Want to try"
}
