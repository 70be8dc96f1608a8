// `sqlx::migrate!` embeds the SQL files at compile time; without this, adding or editing a
// migration would not rebuild the server and the binary would run stale migrations.
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
