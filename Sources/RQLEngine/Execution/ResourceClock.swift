import FoundationEssentials
import Glibc

/// Wall-clock and CPU time, for `.timer on`.
enum ResourceClock {
    struct Reading {
        let real: TimeInterval
        let user: TimeInterval
        let system: TimeInterval

        func since(_ start: Reading) -> Reading {
            Reading(real: real - start.real, user: user - start.user, system: system - start.system)
        }
    }

    static func now() -> Reading {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> TimeInterval { TimeInterval(time.tv_sec) + TimeInterval(time.tv_usec) / 1_000_000 }
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Reading(real: TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1_000_000_000,
                       user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }
}
