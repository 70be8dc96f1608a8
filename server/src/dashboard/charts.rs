//! The dashboard's charts, read from the roll-ups and bucketed by pos_core (issue 6; filled in
//! by the read side).
