//! Memory that the processes on one machine map together: a named POSIX
//! shared-memory object (a file in /dev/shm on Linux). The cluster search's
//! ranks on one machine keep their table in one, so that they share it
//! as Lazy SMP's threads do. One process creates it and the others open it
//! by name; once all have mapped it the creator unlinks the name, so that
//! nothing stays behind when the job ends, however it ends.

use std::ffi::CString;
use std::io;
use std::ptr::NonNull;

/// A mapping of a shared-memory object, unmapped when dropped.
pub struct SharedMemory {
    start: NonNull<u8>,
    len: usize,
}

// SAFETY: the mapping is plain memory owned by this value; what is stored
// in it is shared through the types laid over it (atomics).
unsafe impl Send for SharedMemory {}
unsafe impl Sync for SharedMemory {}

fn c_name(name: &str) -> io::Result<CString> {
    CString::new(name).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a NUL in the name"))
}

/// The result of a libc call that returns -1 and sets errno on failure.
fn checked(result: libc::c_int) -> io::Result<libc::c_int> {
    if result < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(result)
    }
}

impl SharedMemory {
    /// A new object `name` ("/yomi-…") of `len` zero bytes, mapped. Its
    /// memory is reserved now, so that a full /dev/shm is an error here
    /// rather than a crash (SIGBUS) when a search first writes a page.
    pub fn create(name: &str, len: usize) -> io::Result<SharedMemory> {
        let c = c_name(name)?;
        // SAFETY: a valid C string; the descriptor is closed below.
        let fd = checked(unsafe {
            libc::shm_open(
                c.as_ptr(),
                libc::O_CREAT | libc::O_EXCL | libc::O_RDWR,
                0o600,
            )
        })?;
        let mapped = reserve(fd, len).and_then(|()| map(fd, len));
        // SAFETY: our descriptor; the mapping keeps the object alive.
        unsafe { libc::close(fd) };
        if mapped.is_err() {
            Self::unlink(name);
        }
        mapped
    }

    /// The object `name` another process created, mapped (`len` bytes).
    pub fn open(name: &str, len: usize) -> io::Result<SharedMemory> {
        let c = c_name(name)?;
        // SAFETY: a valid C string; the descriptor is closed below.
        let fd = checked(unsafe { libc::shm_open(c.as_ptr(), libc::O_RDWR, 0) })?;
        // SAFETY: an all-zero stat is valid; fstat fills it.
        let mut stat: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: our descriptor and a stat to fill.
        let mapped = checked(unsafe { libc::fstat(fd, &mut stat) }).and_then(|_| {
            if (stat.st_size as u64) < len as u64 {
                Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{name} has {} bytes, not {len}", stat.st_size),
                ))
            } else {
                map(fd, len)
            }
        });
        // SAFETY: our descriptor; the mapping keeps the object alive.
        unsafe { libc::close(fd) };
        mapped
    }

    /// Removes the name (mappings stay until dropped); no error if gone.
    pub fn unlink(name: &str) {
        if let Ok(c) = c_name(name) {
            // SAFETY: a valid C string.
            unsafe { libc::shm_unlink(c.as_ptr()) };
        }
    }

    /// The mapping's first byte (page-aligned).
    pub fn start(&self) -> NonNull<u8> {
        self.start
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Sizes the object behind `fd` to `len` bytes and allocates them.
fn reserve(fd: libc::c_int, len: usize) -> io::Result<()> {
    let size = libc::off_t::try_from(len)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "too large"))?;
    // SAFETY: our descriptor.
    checked(unsafe { libc::ftruncate(fd, size) })?;
    #[cfg(target_os = "linux")]
    {
        // SAFETY: our descriptor; the range is the object's.
        let error = unsafe { libc::posix_fallocate(fd, 0, size) };
        if error != 0 {
            return Err(io::Error::from_raw_os_error(error));
        }
    }
    Ok(())
}

fn map(fd: libc::c_int, len: usize) -> io::Result<SharedMemory> {
    // SAFETY: a fresh shared mapping of our descriptor, read and written
    // only through the returned value.
    let start = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED,
            fd,
            0,
        )
    };
    if start == libc::MAP_FAILED {
        return Err(io::Error::last_os_error());
    }
    let start = NonNull::new(start.cast()).ok_or_else(|| io::Error::other("mmap gave null"))?;
    Ok(SharedMemory { start, len })
}

impl Drop for SharedMemory {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `map`, no longer used.
        unsafe { libc::munmap(self.start.as_ptr().cast(), self.len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_mappings_of_one_object_see_each_others_writes() {
        let name = format!("/yomi-test-{}", std::process::id());
        let a = SharedMemory::create(&name, 8192).expect("created");
        let b = SharedMemory::open(&name, 8192).expect("opened");
        SharedMemory::unlink(&name);
        // SAFETY: both map 8192 bytes of the same object.
        unsafe {
            assert_eq!(*b.start().as_ptr().add(5000), 0, "zeroed");
            *a.start().as_ptr().add(5000) = 7;
            assert_eq!(*b.start().as_ptr().add(5000), 7);
        }
        assert!(SharedMemory::open(&name, 8192).is_err(), "unlinked");
        assert!(SharedMemory::create("/yomi-bad\0name", 64).is_err());
    }

    #[test]
    fn an_object_smaller_than_asked_is_refused() {
        let name = format!("/yomi-test-small-{}", std::process::id());
        let _a = SharedMemory::create(&name, 4096).expect("created");
        let opened = SharedMemory::open(&name, 8192);
        SharedMemory::unlink(&name);
        assert!(opened.is_err());
    }
}
