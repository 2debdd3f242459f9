/// What a backup's database snapshot names: the files a backup must carry with it, and what
/// the manifest reports.
struct BackupSnapshot: Sendable {
  var changeSequence: Int64 = 0
  var posts = 0
  /// Every image key a post names (its photos' originals, displays and thumbnails).
  var imageKeys: [String] = []
  /// Every stored print file's name.
  var printFiles: [String] = []

  /// The queries, the same on both backends, in the snapshot's own transaction.
  static let imageKeysSQL = """
    SELECT originalKey FROM post UNION SELECT displayKey FROM post
    UNION SELECT thumbnailKey FROM post UNION SELECT key FROM postImage
    """
  static let printFilesSQL = "SELECT path FROM printFile"
  static let postsSQL = "SELECT COUNT(*) FROM post"

  /// How far a restore moves the live stream's sequence on: past any id the backed-up server
  /// could have handed out after its snapshot, so that a client holding one is told `reset`
  /// rather than resuming into history that no longer exists.
  static let restoreGap: Int64 = 1 << 32
}
