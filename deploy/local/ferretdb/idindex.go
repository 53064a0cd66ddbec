package main

// FerretDB v1.24's SQLite backend indexes _id as `_ferretdb_sjson->"_id"` but
// updates and deletes documents with `WHERE _ferretdb_sjson->'$._id' = ?`.
// SQLite cannot use an index on one expression for the other, so every update
// and delete scans the whole collection (40 ms per update at 10,000 documents).
// This loop adds, to each collection table, a plain index on the expression the
// writes use. It only adds indexes; FerretDB's own tables and data are untouched.

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the driver FerretDB itself uses
)

func fixIDIndexes(ctx context.Context, logger *slog.Logger, dir string, every time.Duration) {
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "*.sqlite"))
		for _, file := range files {
			if err := fixFile(ctx, file); err != nil {
				logger.Warn("id index fix skipped", "file", file, "error", err)
			}
		}

		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}

func fixFile(ctx context.Context, file string) error {
	if _, err := os.Stat(file); err != nil {
		return err
	}

	db, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return err
	}
	defer db.Close()

	// Checked every pass (not remembered): a dropped and re-created database reuses names.
	rows, err := db.QueryContext(ctx, `SELECT c.table_name FROM _ferretdb_collections c
		WHERE NOT EXISTS (SELECT 1 FROM sqlite_master m
			WHERE m.type = 'index' AND m.name = c.table_name || '_reverie_id')`)
	if err != nil {
		return err
	}

	var tables []string

	for rows.Next() {
		var t string
		if err = rows.Scan(&t); err != nil {
			rows.Close()
			return err
		}

		tables = append(tables, t)
	}
	rows.Close()

	for _, t := range tables {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (_ferretdb_sjson->'$._id')`,
			t+"_reverie_id", t)
		if _, err = db.ExecContext(ctx, q); err != nil {
			return err
		}
	}

	return nil
}
