/// What a report is about: a post or a comment, each with its own table of reports (the same
/// columns: reporter, reason, weight, outcome, when).
enum ReportSubject: Sendable {
  case post
  case comment

  /// The table of its reports.
  var table: String { self == .post ? "report" : "commentReport" }
  /// That table's column naming what is reported.
  var key: String { self == .post ? "postId" : "commentId" }
}
