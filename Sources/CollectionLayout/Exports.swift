// `ItemPath`, shared with CollectionDiff, is part of this module's API.
@_exported import CollectionCore
