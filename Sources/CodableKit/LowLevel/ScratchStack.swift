/// Bytes for values built in place, innermost last: a planned decode builds its model
/// here, and the models nested in it above it (`decodePlanned`). Memory comes in chunks
/// that never move nor go until the owner does, so a value's bytes stay where they are
/// while the values nested in it are built; popping to a mark makes its bytes free again.
/// (`withUnsafeTemporaryAllocation` would do for one value, but in unspecialized code it
/// asks the runtime for a `Result`'s metadata per call.)
///
/// Safety: `push` returns `size` bytes aligned to `alignment` (at most `alignment`, 16) inside one chunk,
/// not handed out again until the stack is popped to a mark taken before; nothing is freed
/// before `deallocate()`, which the owner calls once, when no pushed bytes are in use.
struct ScratchStack: ~Copyable {
    /// The most one push may take, and the largest alignment it gives: other values are not built here.
    static let largest = 4096
    static let alignment = 16
    private static let chunkSize = 64 * 1024
    private var chunks: [UnsafeMutableRawPointer] = []
    private var chunk = -1
    private var top = ScratchStack.chunkSize

    /// Where the stack is now: `pop(to:)` frees everything pushed after.
    var mark: (chunk: Int, top: Int) { (chunk, top) }

    /// `size` bytes (at most `largest`) aligned to `alignment` (a power of two, at most
    /// `ScratchStack.alignment`). Checked in release builds too: a larger push would run
    /// past its chunk.
    mutating func push(size: Int, alignment: Int) -> UnsafeMutableRawPointer {
        precondition(size >= 0 && size <= Self.largest, "a scratch push of \(size) bytes: at most \(Self.largest)")
        precondition(alignment > 0 && alignment <= Self.alignment && alignment & (alignment - 1) == 0, "scratch alignment \(alignment)")
        var start = (top + alignment - 1) & ~(alignment - 1)
        if start + size > Self.chunkSize {
            chunk += 1
            if chunk == chunks.count { chunks.append(.allocate(byteCount: Self.chunkSize, alignment: Self.alignment)) }
            start = 0
        }
        top = start + size
        return chunks[chunk] + start
    }

    /// Frees everything pushed after `mark`, which was taken on this stack and not popped past.
    mutating func pop(to mark: (chunk: Int, top: Int)) {
        assert(mark.chunk < chunk || mark.chunk == chunk && mark.top <= top, "popping a scratch stack to a mark above its top")
        (chunk, top) = mark
    }

    func deallocate() {
        for chunk in chunks { chunk.deallocate() }
    }
}
