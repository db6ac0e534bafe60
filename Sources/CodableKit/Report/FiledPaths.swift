/// The coding paths of a decode's issues, one after another, as plain numbers: an index
/// stands for itself, a key for its place in `keys`, which holds each key a path names
/// (mostly) once. Filing a path copies no string and retains none, and the report frees
/// none per component: with a `PathComponent` per step, those were a third of what a
/// report of dirty data cost.
///
/// A key is found in `keys` by where it was last met: a model's field through its plan
/// (`field`: the plan's keys go in together, the first time the plan's field is filed), any
/// other by the key last filed at the same depth (compared as strings, which is a compare of
/// two words when it is the same string). A key met again elsewhere goes in again.
struct FiledPaths {
    /// Each step: an index (≥ 0), or a key (`~` its place in `keys`).
    private var steps: [Int] = []
    private var keys: [String] = []
    /// The keys last filed at each depth, `recentPerDepth` of them from `depth * recentPerDepth`
    /// on, each with its place in `keys` (-1: none yet): a model's properties repaired in turn
    /// alternate, and a key found here is not filed again.
    private var lastKeys: [(key: String, place: Int)] = []
    private static let recentPerDepth = 4
    /// The plans whose keys are in `keys`, from where (the few of the latest decode's models).
    /// (Held, so that no other plan takes the identifier while it is here.)
    private var plans: [(id: ObjectIdentifier, plan: FieldPlan, start: Int)] = []

    /// The paths alone, for a report: without the lookups' caches, which hold plans.
    var settled: FiledPaths {
        var paths = self
        paths.lastKeys = []
        paths.plans = []
        return paths
    }

    /// How many steps the paths filed so far have: where the next one starts.
    var count: Int { steps.count }

    /// Files the path made of the first `depth` components of `path` (those there are, for a
    /// container kept past its decode), then the element at index `element`, then `key`, or
    /// field `field.index`'s key of `field.plan`, when given.
    mutating func append(_ path: borrowing Stack<PathComponent>, depth: Int, element: Int?, key: PathComponent?,
                         field: (plan: FieldPlan, index: Int)? = nil) {
        let depth = min(depth, path.count)
        if steps.count + depth + 2 > steps.capacity { reserveForMore(depth + 2) }
        for level in 0 ..< depth { steps.append(step(path[level], at: level)) }
        if let element { steps.append(element) }
        if let field {
            steps.append(~place(of: field.index, in: field.plan))
        } else if let key {
            steps.append(step(key, at: element == nil ? depth : depth + 1))
        }
    }

    /// The step standing for `component`, at `depth` of a path.
    private mutating func step(_ component: PathComponent, at depth: Int) -> Int {
        switch component {
        case let .index(index): index
        case let .key(key): ~place(of: key, at: depth)
        }
    }

    /// Takes back the steps from `end` on (their keys stay, unused).
    mutating func removeSteps(from end: Int) {
        steps.removeSubrange(end...)
    }

    /// The key `~step` stands for.
    private func key(_ step: Int) -> String { keys[~step] }

    /// The component at step `index`.
    func component(at index: Int) -> PathComponent {
        let step = steps[index]
        return step >= 0 ? .index(step) : .key(key(step))
    }

    /// The components of every path, in order, for slices by the steps' places.
    func components() -> [PathComponent] {
        steps.map { $0 >= 0 ? .index($0) : .key(key($0)) }
    }

    /// The place in `keys` of `key`, filed at `depth` of a path.
    private mutating func place(of key: String, at depth: Int) -> Int {
        let first = depth * Self.recentPerDepth
        if first < lastKeys.count {
            for slot in first ..< first + Self.recentPerDepth where lastKeys[slot].place >= 0 && lastKeys[slot].key == key {
                return lastKeys[slot].place
            }
        }
        return newPlace(of: key, at: depth)
    }

    @inline(never)
    private mutating func newPlace(of key: String, at depth: Int) -> Int {
        keys.append(key)
        let place = keys.count - 1
        while lastKeys.count < (depth + 1) * Self.recentPerDepth { lastKeys.append(("", -1)) }
        lastKeys[depth * Self.recentPerDepth + place % Self.recentPerDepth] = (key, place)
        return place
    }

    /// The place in `keys` of the key of field `index` of `plan`.
    private mutating func place(of index: Int, in plan: FieldPlan) -> Int {
        let id = ObjectIdentifier(plan)
        var known = 0
        while known < plans.count {
            if plans[known].id == id { return plans[known].start + index }
            known += 1
        }
        return newPlace(of: index, in: plan)
    }

    @inline(never)
    private mutating func newPlace(of index: Int, in plan: FieldPlan) -> Int {
        if plans.count == 8 { plans.removeFirst() }  // a decode of many models: the latest ones
        plans.append((ObjectIdentifier(plan), plan, keys.count))
        keys.append(contentsOf: plan.keys)
        return plans[plans.count - 1].start + index
    }

    /// Room for more steps (`steps` more at least): a hundred at the first, since dirty data
    /// seldom has one issue alone, then four times as many each time, where an append
    /// doubles: dirty data files thousands, and each growth copies them all.
    @inline(never)
    private mutating func reserveForMore(_ more: Int) {
        steps.reserveCapacity(max(128, steps.count * 4, steps.count + more))
    }
}
