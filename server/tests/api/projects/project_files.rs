//! Reading files attached to projects.
