import CollectionDiff

/// The output of `lots diff`: one changeset object, or a list of them when it must be staged.
enum DiffOutput {
  static func json(_ changeset: Changeset<Int>) -> String {
    var writer = JSONWriter()
    let stages = changeset.stages
    if stages.count == 1 {
      write(changeset, to: &writer) { $0.number(Double($1)) }
    } else {
      writer.array(stages) { writer, stage in write(stage, to: &writer) { $0.number(Double($1)) } }
    }
    return writer.text
  }

  static func json(_ changeset: SectionedChangeset) -> String {
    var writer = JSONWriter()
    let stages = changeset.stages
    if stages.count == 1 {
      write(changeset, to: &writer)
    } else {
      writer.array(stages) { writer, stage in write(stage, to: &writer) }
    }
    return writer.text
  }

  private static func write(_ changeset: SectionedChangeset, to writer: inout JSONWriter) {
    writer.object([
      ("sections", { write(changeset.sections, to: &$0) { $0.number(Double($1)) } }),
      ("items", { write(changeset.items, to: &$0, index: position) }),
    ])
  }

  private static func position(_ writer: inout JSONWriter, _ position: ItemPath) {
    writer.object([
      ("section", { $0.number(Double(position.section)) }),
      ("item", { $0.number(Double(position.item)) }),
    ])
  }

  /// `{"deletes", "inserts", "moves", "reloads", "reconfigures"}` in that order.
  private static func write<Index>(
    _ changeset: Changeset<Index>, to writer: inout JSONWriter,
    index: @escaping (inout JSONWriter, Index) -> Void
  ) {
    writer.object([
      ("deletes", { $0.array(changeset.deletes, index) }),
      ("inserts", { $0.array(changeset.inserts, index) }),
      (
        "moves",
        {
          $0.array(changeset.moves) { writer, move in
            writer.object([("from", { index(&$0, move.from) }), ("to", { index(&$0, move.to) })])
          }
        }
      ),
      ("reloads", { $0.array(changeset.reloads, index) }),
      ("reconfigures", { $0.array(changeset.reconfigures, index) }),
    ])
  }
}
