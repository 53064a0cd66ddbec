package main

// FerretDB v1.24's PostgreSQL backend pushes equality filters down as
// `_jsonb->$1 @> $2`, with the field name as a query parameter, while the indexes
// it creates for createIndexes are B-trees on `(_jsonb->'field')`. PostgreSQL can
// use neither for that query, so every find, update and delete scans the whole
// table (~130 ms per lookup by _id at 10,000 notes). This loop adds, for every
// field FerretDB indexed, a GIN index on the same expression: with
// plan_cache_mode=force_custom_plan (deploy/local/lib.sh starts PostgreSQL with
// it) the planner substitutes the field name and uses it (~2 ms). fastupdate is off:
// with it, every search also reads the list of entries not yet merged into the index,
// which after a bulk insert made each lookup ~260 ms until autovacuum ran. It only adds
// indexes; FerretDB's own tables, indexes and data are untouched.

import (
	"context"
	"fmt"
	"hash/crc32"
	"log/slog"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var indexedField = regexp.MustCompile(`_jsonb -> '([^']+)'::text`)

func addGINIndexes(ctx context.Context, logger *slog.Logger, url string, every time.Duration) {
	for {
		if err := addGINIndexesOnce(ctx, url); err != nil && ctx.Err() == nil {
			logger.Warn("GIN index pass skipped", "error", err)
		}

		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}

func addGINIndexesOnce(ctx context.Context, url string) error {
	// The URL is FerretDB's pool URL: pgxpool takes its pool_* parameters out, which
	// a plain pgx.Connect would send to the server as settings (and be refused).
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return err
	}

	conn, err := pgx.ConnectConfig(ctx, cfg.ConnConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())

	// Checked every pass (not remembered): a dropped and re-created collection reuses names.
	rows, err := conn.Query(ctx, `SELECT schemaname, tablename, indexdef FROM pg_indexes
		WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
		AND indexdef LIKE '%USING btree%_jsonb -> %'`)
	if err != nil {
		return err
	}

	type target struct{ schema, table, field string }

	var todo []target

	for rows.Next() {
		var schema, table, def string
		if err = rows.Scan(&schema, &table, &def); err != nil {
			rows.Close()
			return err
		}

		for _, m := range indexedField.FindAllStringSubmatch(def, -1) {
			todo = append(todo, target{schema, table, m[1]})
		}
	}
	rows.Close()

	if err = rows.Err(); err != nil {
		return err
	}

	for _, t := range todo {
		name := fmt.Sprintf("%s_rgin_%08x", t.table, crc32.ChecksumIEEE([]byte(t.field)))
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %s ON %s.%s USING gin ((_jsonb -> %s)) WITH (fastupdate = off)`,
			pgx.Identifier{name}.Sanitize(), pgx.Identifier{t.schema}.Sanitize(),
			pgx.Identifier{t.table}.Sanitize(), quoteLiteral(t.field))
		if _, err = conn.Exec(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}

	return nil
}

func quoteLiteral(s string) string {
	out := []byte{'\''}

	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			out = append(out, '\'')
		}

		out = append(out, s[i])
	}

	return string(append(out, '\''))
}
