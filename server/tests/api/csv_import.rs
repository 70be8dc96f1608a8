//! The CSV import (`POST /file/upload`, `POST /file/upload/category`) through real HTTP on
//! both backends: counts, the file format, refused rows that import nothing, file-level
//! errors, limits, permissions, and the shop the rows go into. The import's own rules are unit
//! tested in csv-import/; these check the server around them and the SQL.

mod categories;
mod limits;
mod other_systems;
mod products;
mod refusals;
mod samples;
pub(crate) mod support;
