//! Thinking time as CPU time of the thinking thread, so that a player given 50 ms gets 50 ms
//! of work however loaded the machine is, and two players in a match get the same work.
//!
//! The thread's CPU time is read from `/proc/thread-self/schedstat` (nanoseconds on the CPU;
//! the one place the players read anything outside memory); `tabula bench` and `tabula perft`
//! read the same clock ([`CpuClock`]), falling back to clock ticks. Reading it costs a system call,
//! so a [`Deadline`] reads it rarely: CPU time never runs ahead of wall time, so the budget
//! cannot be spent before the wall clock (cheap to read) has moved on by what is left of it.
//! Only then is the CPU clock read, and the next reading waits for the wall clock again. On
//! an idle machine that is one reading per move; where `/proc` is missing, wall time stands in.

use std::time::{Duration, Instant};

/// Where a thread's CPU time is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpuClock {
    /// `/proc/thread-self/schedstat`: nanoseconds on the CPU, exact after a yield.
    SchedStat,
    /// `/proc/thread-self/stat`: user + system time in clock ticks (10 ms).
    Stat,
    /// No `/proc`: wall time stands in for CPU time.
    Wall,
}

impl CpuClock {
    /// What the clock reads, for output.
    pub fn name(self) -> &'static str {
        match self {
            CpuClock::SchedStat => "thread CPU time (/proc/thread-self/schedstat)",
            CpuClock::Stat => "thread CPU time (/proc/thread-self/stat)",
            CpuClock::Wall => "wall time (no /proc here: CPU time unavailable)",
        }
    }

    /// The first clock that can be read here.
    pub fn detect() -> CpuClock {
        [CpuClock::SchedStat, CpuClock::Stat]
            .into_iter()
            .find(|c| c.read().is_some())
            .unwrap_or(CpuClock::Wall)
    }

    /// CPU time used so far by the calling thread (`None` for `Wall` or when unreadable).
    pub fn read(self) -> Option<Duration> {
        match self {
            CpuClock::SchedStat => {
                // The kernel brings a running thread's total up to date only at a scheduler
                // tick or when it schedules; yielding makes the reading exact.
                std::thread::yield_now();
                let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
                let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
                Some(Duration::from_nanos(ns))
            }
            CpuClock::Stat => {
                let s = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
                // The command name (field 2) may hold spaces and parentheses; count from its end.
                let rest = &s[s.rfind(')')? + 1..];
                let mut fields = rest.split_whitespace().skip(11);
                let utime: u64 = fields.next()?.parse().ok()?;
                let stime: u64 = fields.next()?.parse().ok()?;
                // USER_HZ is 100 on every Linux ABI; `sysconf` would need libc.
                Some(Duration::from_millis((utime + stime) * 10))
            }
            CpuClock::Wall => None,
        }
    }
}

/// CPU time used so far by the calling thread, to the nanosecond, when the system tells it
/// (a deadline needs finer readings than clock ticks; without them it keeps wall time).
pub fn thread_cpu_time() -> Option<Duration> {
    CpuClock::SchedStat.read()
}

/// The end of one search's thinking time.
#[derive(Clone, Debug)]
pub struct Deadline {
    budget: Duration,
    /// The thread's CPU time at the start (`None`: wall time stands in).
    cpu_start: Option<Duration>,
    /// CPU time used at the last reading.
    used: Duration,
    /// The wall time of the last reading.
    read_at: Instant,
    passed: bool,
}

impl Deadline {
    /// A deadline `budget` of the calling thread's CPU time from now. Must be asked
    /// ([`Deadline::passed`]) on the same thread.
    pub fn cpu(budget: Duration) -> Deadline {
        Deadline {
            budget,
            cpu_start: thread_cpu_time(),
            used: Duration::ZERO,
            read_at: Instant::now(),
            passed: budget.is_zero(),
        }
    }

    /// Whether the thinking time is spent. Cheap (one reading of the wall clock) except when
    /// it may be spent.
    pub fn passed(&mut self) -> bool {
        if self.passed {
            return true;
        }
        let since = self.read_at.elapsed();
        if self.used + since < self.budget {
            return false;
        }
        match self.cpu_start {
            None => self.passed = true,
            Some(start) => {
                let now = thread_cpu_time().unwrap_or(start + self.used + since);
                self.used = now.saturating_sub(start);
                self.read_at = Instant::now();
                self.passed = self.used >= self.budget;
            }
        }
        self.passed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_passes_after_its_cpu_time_and_not_before() {
        let mut d = Deadline::cpu(Duration::from_millis(20));
        assert!(!d.passed());
        let mut x = 0u64;
        while !d.passed() {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        }
        std::hint::black_box(x);
        assert!(d.passed());
        assert!(Deadline::cpu(Duration::ZERO).passed());
    }
}
