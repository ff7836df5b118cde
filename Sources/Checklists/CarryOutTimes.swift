/// Shift checklists (before, during, after the shift) give each task a carry-out time: a task that is not ok by
/// then is flagged on the working screen and in the archive.
public enum CarryOut: String, Sendable, Hashable, Codable {
    /// Ok by its time.
    case onTime = "on-time"
    /// Ok, but marked after its time.
    case late
    /// Not ok yet and its time has passed.
    case overdue
    /// Its time has not come.
    case pending
    /// The task has no time (pre-shift tasks).
    case untimed
}

public enum CarryOutTimes {
    /// The moment a wall-clock time (minutes after local midnight) falls due in a shift that started at `start`:
    /// that time on the shift's first local day, or on the next when it lies more than six hours before the start
    /// (an evening shift's 00:30 is after midnight). `offset` gives the zone's UTC offset at a moment; a time the
    /// clocks skipped moves on by the jump.
    public static func due(minute: Int, shiftStart start: Double, offset: (Double) -> Int) -> Double {
        let localDay = ((start + Double(offset(start))) / 86_400).rounded(.down)
        func moment(_ day: Double) -> Double {
            let wall = day * 86_400 + Double(minute * 60)
            let candidates = [wall - Double(offset(wall - 86_400)), wall - Double(offset(wall + 86_400))]
            return candidates.filter { ($0 + Double(offset($0))) == wall }.min() ?? candidates.max()!
        }
        let same = moment(localDay)
        return same < start - 6 * 3_600 ? moment(localDay + 1) : same
    }

    /// How a task of a shift checklist stands at `now`. Tasks with children take the latest of their children's
    /// marks; a child without a time of its own is due with its parent.
    public static func status(
        of path: TaskPath, in run: ChecklistRun, shiftStart: Double, now: Double, offset: (Double) -> Int
    ) -> CarryOut {
        guard let task = run.template.task(at: path),
            let minute = task.minute ?? path.parent.flatMap({ run.template.task(at: $0)?.minute })
        else { return .untimed }
        let due = due(minute: minute, shiftStart: shiftStart, offset: offset)
        if run.state(of: path) == .ok {
            let marked: Double?
            if path.child == nil, !task.children.isEmpty {
                marked =
                    task.children.compactMap {
                        run.marks[TaskPath(section: path.section, task: path.task, child: $0.name).description]?.at
                    }.max()
            } else {
                marked = run.marks[path.description]?.at
            }
            return (marked ?? due) <= due ? .onTime : .late
        }
        return now > due ? .overdue : .pending
    }
}
