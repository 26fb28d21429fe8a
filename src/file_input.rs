//! Reading a file that outside input names (an option's value, a command
//! line argument): only a regular file, and only so much of it. The kind
//! is checked before the file is opened: opening a named pipe blocks until
//! something writes to it, and a device such as `/dev/zero` never ends.

use std::fs::FileType;
use std::io::Read;

/// The text of the regular file at `path`, of at most `max_bytes` bytes;
/// otherwise why not (without the path: the caller names the file).
pub fn read_text(path: &str, max_bytes: usize) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(format!("not a regular file ({})", kind(meta.file_type())));
    }
    if meta.len() > max_bytes as u64 {
        return Err(format!("larger than {max_bytes} bytes"));
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut text = String::new();
    // The file may have grown since, or be one whose size says nothing.
    file.take(max_bytes as u64 + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("not a text file: {e}"))?;
    if text.len() > max_bytes {
        return Err(format!("larger than {max_bytes} bytes"));
    }
    Ok(text)
}

/// What a file that is not a regular one is, in a word or two.
fn kind(t: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = std::env::temp_dir().join(format!("menagerie-file-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("small.txt");
        std::fs::write(&file, "four").unwrap();
        let file = file.display().to_string();
        assert_eq!(read_text(&file, 4), Ok("four".to_string()));
        assert_eq!(read_text(&file, 3), Err("larger than 3 bytes".to_string()));
        let dir_text = dir.display().to_string();
        assert_eq!(
            read_text(&dir_text, 10),
            Err("not a regular file (a directory)".to_string())
        );
        #[cfg(unix)]
        assert_eq!(
            read_text("/dev/zero", 10),
            Err("not a regular file (a device)".to_string())
        );
        assert!(read_text(&format!("{dir_text}/missing"), 10).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
