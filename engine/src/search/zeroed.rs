//! Arrays in zeroed memory that the operating system hands out page by
//! page as they fill, so a large table costs nothing until used. The
//! allocator is asked for ordinary alignment (a zeroing `calloc`, which
//! leaves fresh pages untouched) and the cache-line alignment is made by
//! hand: asked for 64-byte alignment, it would write every byte itself.

use std::alloc::{alloc_zeroed, dealloc, handle_alloc_error, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// Alignment of the elements' start.
const ALIGN: usize = 64;

pub(super) struct ZeroedArray<T> {
    /// What the allocator gave, and how it was asked.
    base: NonNull<u8>,
    layout: Layout,
    /// The first element, `ALIGN`-aligned within the allocation.
    start: NonNull<T>,
    len: usize,
}

// SAFETY: the array owns its elements like a Vec<T> does.
unsafe impl<T: Send> Send for ZeroedArray<T> {}
unsafe impl<T: Sync> Sync for ZeroedArray<T> {}

impl<T> ZeroedArray<T> {
    /// `len` elements, every byte zero.
    ///
    /// # Safety
    /// All-zero bytes must be a valid `T`, and `T`'s alignment at most 64.
    pub(super) unsafe fn new(len: usize) -> ZeroedArray<T> {
        assert!(std::mem::align_of::<T>() <= ALIGN);
        let bytes = std::mem::size_of::<T>()
            .checked_mul(len)
            .and_then(|b| b.checked_add(ALIGN))
            .expect("array size fits the address space");
        let layout = Layout::from_size_align(bytes, 16).expect("array size fits the address space");
        let base = NonNull::new(alloc_zeroed(layout)).unwrap_or_else(|| handle_alloc_error(layout));
        let offset = base.as_ptr().align_offset(ALIGN);
        ZeroedArray {
            base,
            layout,
            start: base.add(offset).cast(),
            len,
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
        // SAFETY: allocated in `new` with this layout. Elements need no drop
        // (they are plain data, valid as zero bytes).
        unsafe { dealloc(self.base.as_ptr(), self.layout) }
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
    }
}
