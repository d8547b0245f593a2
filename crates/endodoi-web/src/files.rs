//! Records in and out of the page: a game downloaded as a record file (the
//! terminal's `s`), and a record file opened, dropped on the page or its
//! text pasted (the terminal's `endodoi replay FILE`), shown in the viewer.

use std::cell::RefCell;
use std::rc::Rc;

use endodoi_core::record::{MAX_RECORD_BYTES, Record};
use ratzilla::web_sys::js_sys::{Array, Date};
use ratzilla::web_sys::wasm_bindgen::{JsCast as _, JsValue, closure::Closure};
use ratzilla::web_sys::{
    self, Blob, BlobPropertyBag, ClipboardEvent, DragEvent, Event, File, FileReader,
    HtmlAnchorElement, HtmlInputElement, Url,
};

/// Offers `text` to the player as the download `name`; why it could not.
pub fn download(name: &str, text: &str) -> Result<(), String> {
    let failed = |error: JsValue| format!("the browser refused the download ({error:?})");
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or("the page has no document")?;
    let parts = Array::of1(&JsValue::from_str(text));
    let kind = BlobPropertyBag::new();
    kind.set_type("text/plain;charset=utf-8");
    let blob = Blob::new_with_str_sequence_and_options(&parts, &kind).map_err(failed)?;
    let url = Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let link: HtmlAnchorElement = document
        .create_element("a")
        .map_err(failed)?
        .unchecked_into();
    link.set_href(&url);
    link.set_download(name);
    link.click();
    Url::revoke_object_url(&url).map_err(failed)
}

/// The name a game downloaded now is given, in the player's local time:
/// `endodoi-2026-12-07-1417.ogn`.
pub fn download_name() -> String {
    let now = Date::new_0();
    format!(
        "endodoi-{:04}-{:02}-{:02}-{:02}{:02}.ogn",
        now.get_full_year(),
        now.get_month() + 1,
        now.get_date(),
        now.get_hours(),
        now.get_minutes()
    )
}

/// The record of a text that arrived (read from a file or pasted), or
/// why there is none: the source, and the line, the column, the move and
/// the reason, or why it was not read.
pub fn read_record((source, text): &Arrival) -> Result<Record, String> {
    text.as_ref()
        .map_err(Clone::clone)
        .and_then(|text| {
            if text.len() as u64 > MAX_RECORD_BYTES {
                return Err(too_large());
            }
            Record::read(text).map_err(|error| error.to_string())
        })
        .map_err(|why| format!("{source}: {why}"))
}

/// Why a text too large is not read.
fn too_large() -> String {
    format!(
        "it is larger than {} MiB: no record is",
        MAX_RECORD_BYTES >> 20
    )
}

/// A text that arrives for the page: its source's name, and the text or
/// why it could not be read.
pub type Arrival = (String, Result<String, String>);

/// The texts that have arrived, taken in at the next frame.
pub type Arrivals = Rc<RefCell<Vec<Arrival>>>;

/// Listens for record texts given to the page: text pasted anywhere on it,
/// a file dropped on it, and a file chosen with the page's `#open` input
/// (its "Open a record" button); each arrives in `arrivals`, taken in at
/// the next frame.
pub fn listen(arrivals: &Arrivals) -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or_else(|| JsValue::from_str("the page has no document"))?;
    let pasted = {
        let arrivals = Rc::clone(arrivals);
        Closure::<dyn FnMut(ClipboardEvent)>::new(move |event: ClipboardEvent| {
            let text = event
                .clipboard_data()
                .and_then(|data| data.get_data("text/plain").ok());
            if let Some(text) = text.filter(|text| !text.trim().is_empty()) {
                event.prevent_default();
                arrivals
                    .borrow_mut()
                    .push(("the pasted text".to_owned(), Ok(text)));
            }
        })
    };
    document.add_event_listener_with_callback("paste", pasted.as_ref().unchecked_ref())?;
    pasted.forget();
    let over = Closure::<dyn FnMut(DragEvent)>::new(|event: DragEvent| event.prevent_default());
    document.add_event_listener_with_callback("dragover", over.as_ref().unchecked_ref())?;
    over.forget();
    let dropped = {
        let arrivals = Rc::clone(arrivals);
        Closure::<dyn FnMut(DragEvent)>::new(move |event: DragEvent| {
            event.prevent_default();
            let file = event
                .data_transfer()
                .and_then(|data| data.files())
                .and_then(|files| files.get(0));
            if let Some(file) = file {
                read_file(&file, &arrivals);
            }
        })
    };
    document.add_event_listener_with_callback("drop", dropped.as_ref().unchecked_ref())?;
    dropped.forget();
    if let Some(input) = document.get_element_by_id("open") {
        let input: HtmlInputElement = input.unchecked_into();
        let chosen = {
            let arrivals = Rc::clone(arrivals);
            let input = input.clone();
            Closure::<dyn FnMut(Event)>::new(move |_: Event| {
                if let Some(file) = input.files().and_then(|files| files.get(0)) {
                    read_file(&file, &arrivals);
                }
                // The same file chosen again is read again.
                input.set_value("");
            })
        };
        input.add_event_listener_with_callback("change", chosen.as_ref().unchecked_ref())?;
        chosen.forget();
    }
    Ok(())
}

/// Reads `file` as text into `arrivals`; one too large to be a record,
/// or that cannot be read, arrives as the reason.
fn read_file(file: &File, arrivals: &Arrivals) {
    let name = file.name();
    #[expect(clippy::cast_precision_loss, reason = "16 MiB is exact in an f64")]
    let most = MAX_RECORD_BYTES as f64;
    if file.size() > most {
        arrivals.borrow_mut().push((name, Err(too_large())));
        return;
    }
    let Ok(reader) = FileReader::new() else {
        let why = "the browser could not read it".to_owned();
        arrivals.borrow_mut().push((name, Err(why)));
        return;
    };
    let loaded = {
        let (arrivals, reader, name) = (Rc::clone(arrivals), reader.clone(), name.clone());
        Closure::<dyn FnMut()>::new(move || {
            let text = reader
                .result()
                .ok()
                .and_then(|result| result.as_string())
                .ok_or_else(|| "the browser could not read it".to_owned());
            arrivals.borrow_mut().push((name.clone(), text));
        })
    };
    reader.set_onloadend(Some(loaded.as_ref().unchecked_ref()));
    loaded.forget();
    if reader.read_as_text(file).is_err() {
        let why = "the browser could not read it".to_owned();
        arrivals.borrow_mut().push((name, Err(why)));
    }
}
