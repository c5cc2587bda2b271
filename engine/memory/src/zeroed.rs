//! Arrays in zeroed memory that the operating system hands out page by
//! page as they fill, so a large table costs nothing until used. The
//! allocator is asked for ordinary alignment (a zeroing `calloc`, which
//! leaves fresh pages untouched) and the cache-line alignment is made by
//! hand: asked for 64-byte alignment, it would write every byte itself.
//! Large arrays start on a 2 MB boundary and ask Linux for huge pages: one
//! fault then brings 2 MB instead of 4 KB (filling a table costs the kernel
//! far less), and random probes miss the TLB far less often.

use super::shared::SharedMemory;
use std::alloc::{alloc_zeroed, dealloc, handle_alloc_error, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// Alignment of the elements' start.
const ALIGN: usize = 64;

/// A huge page; arrays of at least this size start on one.
const HUGE: usize = 2 << 20;

pub struct ZeroedArray<T> {
    memory: Memory,
    /// The first element, `ALIGN`-aligned within the allocation.
    start: NonNull<T>,
    len: usize,
}

/// Where the elements live.
enum Memory {
    /// What the allocator gave, and how it was asked.
    Heap(NonNull<u8>, Layout),
    /// A mapping other processes may share (see `shared`), held
    /// to be unmapped with the array.
    Shared { _mapping: SharedMemory },
}

// SAFETY: the array owns its elements like a Vec<T> does.
unsafe impl<T: Send> Send for ZeroedArray<T> {}
unsafe impl<T: Sync> Sync for ZeroedArray<T> {}

impl<T> ZeroedArray<T> {
    /// `len` elements, every byte zero.
    ///
    /// # Safety
    /// All-zero bytes must be a valid `T`, and `T`'s alignment at most 64.
    pub unsafe fn new(len: usize) -> ZeroedArray<T> {
        unsafe {
            assert!(align_of::<T>() <= ALIGN);
            let size = size_of::<T>()
                .checked_mul(len)
                .expect("array size fits the address space");
            let align = if size >= HUGE { HUGE } else { ALIGN };
            let layout = Layout::from_size_align(size.saturating_add(align), 16)
                .expect("array size fits the address space");
            let base =
                NonNull::new(alloc_zeroed(layout)).unwrap_or_else(|| handle_alloc_error(layout));
            let start = base.add(base.as_ptr().align_offset(align));
            if align == HUGE {
                advise_huge_pages(start.as_ptr(), size);
            }
            ZeroedArray {
                memory: Memory::Heap(base, layout),
                start: start.cast(),
                len,
            }
        }
    }

    /// As many elements as fit in `memory` (zero bytes when created),
    /// whose contents other processes mapping it read and write too.
    ///
    /// # Safety
    /// The memory's bytes must be a valid `[T]` whatever other processes
    /// write there (plain data, or atomics), and `T`'s alignment at most
    /// a page's.
    pub unsafe fn in_shared(memory: SharedMemory) -> ZeroedArray<T> {
        let len = memory.len() / size_of::<T>().max(1);
        ZeroedArray {
            start: memory.start().cast(),
            memory: Memory::Shared { _mapping: memory },
            len,
        }
    }
}

/// Asks for huge pages over the whole 2 MB pages of `size` bytes from
/// `start` (2 MB-aligned). Only advice: where the kernel says no, the
/// array works the same with small pages.
fn advise_huge_pages(start: *mut u8, size: usize) {
    #[cfg(target_os = "linux")]
    // SAFETY: the range lies inside one live allocation; the advice
    // changes no contents.
    unsafe {
        libc::madvise(start.cast(), size / HUGE * HUGE, libc::MADV_HUGEPAGE);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, size);
}

impl<T> ZeroedArray<T> {
    /// Touches every page now, so that a search does not pay the page
    /// faults (a game's first move would; a fresh 256 MB table costs a
    /// second or more of them on a loaded machine). Contents are kept.
    /// The kernel zeroes each new page: the pages are touched on every
    /// core (rayon), a chunk of them each.
    pub fn prefault(&mut self) {
        use rayon::prelude::*;
        const PAGE: usize = 4096;
        let bytes = size_of::<T>() * self.len;
        // An address, which crosses threads where a pointer may not.
        let base = self.start.as_ptr() as usize;
        (0..bytes.div_ceil(PAGE))
            .into_par_iter()
            .with_min_len(HUGE / PAGE)
            .for_each(|page| {
                // SAFETY: inside the array's bytes, which this `&mut self`
                // holds alone; rewriting a byte with its own value changes
                // nothing, and no two threads touch one page.
                unsafe {
                    let p = (base + page * PAGE) as *mut u8;
                    std::ptr::write_volatile(p, std::ptr::read_volatile(p));
                }
            });
    }

    /// Asks the processor to bring element `index`'s cache line in ahead
    /// of a read (a hint; nothing where the processor has no such
    /// instruction, or for an index out of range).
    #[inline]
    pub fn prefetch(&self, index: usize) {
        if let Some(item) = self.get(index) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch
            // only fills the cache: it never faults nor writes.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast());
            }
            #[cfg(not(target_arch = "x86_64"))]
            let _ = item;
        }
    }
}

impl<T> Deref for ZeroedArray<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `len` initialised (zero) elements from `start`, owned by self.
        unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
    }
}

impl<T> DerefMut for ZeroedArray<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in deref, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.start.as_ptr(), self.len) }
    }
}

impl<T> Drop for ZeroedArray<T> {
    fn drop(&mut self) {
        if let Memory::Heap(base, layout) = self.memory {
            // SAFETY: allocated in `new` with this layout. Elements need no
            // drop (they are plain data, valid as zero bytes).
            unsafe { dealloc(base.as_ptr(), layout) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_zeroed_and_writable() {
        // SAFETY: zero is a valid u64.
        let mut a = unsafe { ZeroedArray::<u64>::new(1000) };
        assert_eq!(a.as_ptr() as usize % ALIGN, 0);
        assert!(a.iter().all(|&x| x == 0));
        a[999] = 7;
        assert_eq!((a.len(), a[999]), (1000, 7));
        // SAFETY: as above.
        let empty = unsafe { ZeroedArray::<u64>::new(0) };
        assert!(empty.is_empty());
        // SAFETY: as above.
        let mut large = unsafe { ZeroedArray::<u64>::new(HUGE) };
        assert_eq!(large.as_ptr() as usize % HUGE, 0);
        large[HUGE - 1] = 1;
        assert_eq!(large.iter().sum::<u64>(), 1);
    }
}
