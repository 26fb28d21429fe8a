//! Engine options as both protocols announce them.
//!
//! An engine describes each setting once as an [`OptionType`]; UCI prints it
//! as `option name NAME type ...` ([`crate::UciReply::Option`]) and XBoard as
//! `feature option="NAME -TYPE ..."` ([`crate::xboard_option`]).

/// The type, default and range of an engine option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionType {
    /// On or off (UCI `check`, XBoard `-check`).
    Check {
        /// The default setting.
        default: bool,
    },
    /// An integer in a range (UCI `spin`, XBoard `-spin`).
    Spin {
        /// The default value.
        default: i64,
        /// The smallest value allowed.
        min: i64,
        /// The largest value allowed.
        max: i64,
    },
    /// One of a list of words (UCI `combo`, XBoard `-combo`).
    Combo {
        /// The default choice.
        default: String,
        /// Every choice, the default included.
        choices: Vec<String>,
    },
    /// Free text (UCI `string`, XBoard `-string`).
    String {
        /// The default text; UCI shows an empty one as `<empty>`.
        default: String,
    },
    /// A file's path (UCI `string`, XBoard `-file`, which gives the user
    /// a Browse button).
    File {
        /// The default path; may be empty.
        default: String,
    },
    /// An action without a value (UCI `button`, XBoard `-button`).
    Button,
}
