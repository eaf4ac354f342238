//! The global allocator: mimalloc (summaries are many small allocations), entered through
//! its plain `mi_malloc` family for the usual alignments, plus a bump arena for the work on
//! one file (`Scope`).
//!
//! Why mimalloc's plain entry points: the `mimalloc` crate always calls the aligned ones,
//! whose checks and fallbacks cost ~5% of a run's instructions; every mimalloc block is
//! word-aligned, so alignments up to 8 need no such call.
//!
//! Why an arena: reading, parsing and summarising one file allocates a few hundred KB in
//! small pieces (~700 MB over litellm's 3,021 files) that all die together when the file's
//! row is written. Freeing them one by one — walking ruff's syntax tree and the summary to
//! drop every node — took ~10% of the extension's CPU time. Inside a `Scope`, allocations
//! come from a region that is reset when the next scope starts there, and the tree and the
//! summary are forgotten instead of dropped (`Scope::all_in_arena` says when that is safe).
//!
//! The contract that keeps it sound: nothing allocated inside a scope outlives it. What must
//! survive (the finished row) is allocated in `Scope::outside`. Freeing an arena block is a
//! no-op wherever it happens; growing one outside its scope moves it to the heap.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc,
    mi_zalloc_aligned,
};

const WORD: usize = 8;

/// Regions for scopes running at the same time (one per summarising thread; a scope that
/// finds none free runs on the heap). Each is reserved once, in virtual memory: only the
/// pages a file's work touches are committed, and they are reused by the next file.
const SLOTS: usize = 16;
const SLOT_SIZE: usize = 256 << 20;

struct Slot {
    start: AtomicUsize, // 0 until reserved
    busy: AtomicBool,
}

static REGIONS: [Slot; SLOTS] = [const {
    Slot {
        start: AtomicUsize::new(0),
        busy: AtomicBool::new(false),
    }
}; SLOTS];
/// How many slots were ever reserved (they are reserved in order and never released).
static RESERVED: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// This thread's open scope: (next free byte, end of its region); end 0: none.
    static BUMP: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    /// Whether an allocation of the open scope went to the heap (its region was full).
    static SPILLED: Cell<bool> = const { Cell::new(false) };
}

/// Whether `ptr` lies in an arena region (a block that is never freed one by one).
#[inline]
fn in_arena(ptr: *mut u8) -> bool {
    let at = ptr as usize;
    let reserved = RESERVED.load(Ordering::Acquire);
    REGIONS[..reserved].iter().any(|slot| {
        let start = slot.start.load(Ordering::Relaxed);
        start != 0 && at >= start && at < start + SLOT_SIZE
    })
}

/// A block from this thread's open scope, if there is one and it has room.
#[inline]
fn bump(layout: Layout) -> Option<*mut u8> {
    let (next, end) = BUMP.with(Cell::get);
    if end == 0 {
        return None;
    }
    let at = next.checked_add(layout.align() - 1)? & !(layout.align() - 1);
    let after = at.checked_add(layout.size())?;
    if after > end {
        SPILLED.with(|s| s.set(true));
        return None;
    }
    BUMP.with(|b| b.set((after, end)));
    Some(at as *mut u8)
}

/// Reading, parsing and summarising one file with its allocations in an arena region.
pub struct Scope {
    slot: Option<usize>,
}

impl Scope {
    /// Open a scope on this thread (at most one at a time), in a free region: its previous
    /// contents are garbage from now on.
    pub fn enter() -> Scope {
        debug_assert_eq!(BUMP.with(Cell::get).1, 0, "nested arena scope");
        let slot = (0..SLOTS).find(|&i| {
            REGIONS[i]
                .busy
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        });
        let Some(i) = slot else {
            return Scope { slot: None };
        };
        let start = match reserve(i) {
            Some(start) => start,
            None => {
                REGIONS[i].busy.store(false, Ordering::Release);
                return Scope { slot: None };
            }
        };
        BUMP.with(|b| b.set((start, start + SLOT_SIZE)));
        SPILLED.with(|s| s.set(false));
        Scope { slot: Some(i) }
    }

    /// Whether everything allocated in this scope so far is in its region, so values built
    /// in it may be forgotten instead of dropped (nothing on the heap would leak).
    pub fn all_in_arena(&self) -> bool {
        self.slot.is_some() && !SPILLED.with(Cell::get)
    }

    /// Run `f` with its allocations on the heap: for what must outlive the scope.
    pub fn outside<T>(&self, f: impl FnOnce() -> T) -> T {
        let open = BUMP.with(|b| b.replace((0, 0)));
        let result = f();
        BUMP.with(|b| b.set(open));
        result
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        if let Some(i) = self.slot {
            BUMP.with(|b| b.set((0, 0)));
            REGIONS[i].busy.store(false, Ordering::Release);
        }
    }
}

/// Slot `i`'s region, reserved on its first use (slots are used lowest first, so reserved
/// ones are a prefix of `REGIONS`). None if the system would not give it.
fn reserve(i: usize) -> Option<usize> {
    let start = REGIONS[i].start.load(Ordering::Acquire);
    if start != 0 {
        return Some(start);
    }
    // the system allocator maps a block this large directly (untouched pages cost nothing)
    let layout = Layout::from_size_align(SLOT_SIZE, 4096).ok()?;
    let start = unsafe { System.alloc(layout) } as usize;
    if start == 0 {
        return None;
    }
    REGIONS[i].start.store(start, Ordering::Release);
    RESERVED.fetch_max(i + 1, Ordering::AcqRel);
    Some(start)
}

pub struct Allocator;

unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if let Some(block) = bump(layout) {
            return block;
        }
        unsafe {
            if layout.align() <= WORD {
                mi_malloc(layout.size()) as *mut u8
            } else {
                mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if let Some(block) = bump(layout) {
            unsafe { block.write_bytes(0, layout.size()) }; // a reused region holds garbage
            return block;
        }
        unsafe {
            if layout.align() <= WORD {
                mi_zalloc(layout.size()) as *mut u8
            } else {
                mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if in_arena(ptr) {
            // the newest block of the open scope gives its room back (a temporary buffer
            // freed before anything else was allocated); any other waits for the reset
            BUMP.with(|b| {
                let (next, end) = b.get();
                let at = ptr as usize;
                if end != 0 && at >= end - SLOT_SIZE && at + layout.size() == next {
                    b.set((at, end));
                }
            });
            return;
        }
        unsafe { mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if in_arena(ptr) {
            let (next, end) = BUMP.with(Cell::get);
            let at = ptr as usize;
            let newest = end != 0 && at >= end - SLOT_SIZE && at + layout.size() == next;
            if newest && at + new_size <= end {
                BUMP.with(|b| b.set((at + new_size, end))); // the newest block grows in place
                return ptr;
            }
            let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
                return std::ptr::null_mut();
            };
            let moved = unsafe { self.alloc(new_layout) };
            if !moved.is_null() {
                unsafe { moved.copy_from_nonoverlapping(ptr, layout.size().min(new_size)) };
            }
            return moved;
        }
        unsafe {
            if layout.align() <= WORD {
                mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            } else {
                mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
        }
    }
}
