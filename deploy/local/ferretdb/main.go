// Command reverie-ferretdb runs FerretDB v1 (MongoDB wire protocol) for local
// development of Reverie, with its PostgreSQL backend (-postgresql-url) or, without
// one, its SQLite backend (-sqlite-dir).
//
// It uses FerretDB's embeddable package instead of `go install .../cmd/ferretdb`,
// because a binary built from the module proxy lacks the generated version files
// and panics at start (FerretDB issue 2982). Built and started by deploy/local/lib.sh.
//
// Indexes (idindex.go, pgindex.go): equality filters get indexes they can use.
//
// Serialization (-serialize, off by default; it can stall every client when one
// holds an open cursor while another command waits on SQLite): FerretDB v1 implements update,
// findAndModify and friends as "query, modify in Go, write back by _id" with no
// lock or transaction around it, so concurrent updates of one document from
// different connections lose writes (even $inc, and even compare-and-set
// filters). Real MongoDB applies each single-document write atomically. To get
// that behaviour locally, FerretDB listens on a private Unix socket and this
// program accepts the clients' TCP connections itself, forwarding one complete
// command at a time (request, then its reply) under a global mutex. Commands
// are therefore executed one after another, which is plenty for local use.
package main

import (
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listenAddr := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	sqliteDir := flag.String("sqlite-dir", "data", "directory for the SQLite databases (created if missing)")
	logLevel := flag.String("log-level", "info", "log level: debug, info, warn or error")
	postgresqlURL := flag.String("postgresql-url", "", "PostgreSQL URL: use the PostgreSQL backend instead of SQLite")
	serialize := flag.Bool("serialize", false, "execute commands one at a time (atomic single-document updates, as in MongoDB)")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintf(os.Stderr, "invalid -log-level %q: %v\n", *logLevel, err)
		os.Exit(2)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	slog.SetDefault(logger)

	if err := run(logger, *listenAddr, *sqliteDir, *postgresqlURL, *serialize); err != nil {
		logger.Error("reverie-ferretdb failed", "error", err)
		os.Exit(1)
	}

	logger.Info("reverie-ferretdb stopped")
}

func run(logger *slog.Logger, listenAddr, sqliteDir, postgresqlURL string, serialize bool) error {
	dir, err := filepath.Abs(sqliteDir)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return fmt.Errorf("bad -sqlite-dir %q: %w", sqliteDir, err)
	}

	// FerretDB expects a file: URI naming a directory, with a trailing slash.
	sqliteURL := (&url.URL{Scheme: "file", Path: strings.TrimSuffix(filepath.ToSlash(dir), "/") + "/"}).String()

	listener := ferretdb.ListenerConfig{TCP: listenAddr}

	var front net.Listener
	var sockDir string

	if serialize {
		// Bind the public address first, so a busy port fails fast.
		if front, err = net.Listen("tcp", listenAddr); err != nil {
			return err
		}
		defer front.Close()

		// A short private path: Unix socket paths are limited to ~107 bytes.
		if sockDir, err = os.MkdirTemp("", "reverie-ferretdb-"); err != nil {
			return err
		}
		defer os.RemoveAll(sockDir)

		listener = ferretdb.ListenerConfig{Unix: filepath.Join(sockDir, "ferretdb.sock")}
	}

	cfg := &ferretdb.Config{Listener: listener, Logger: logger, Handler: "sqlite", SQLiteURL: sqliteURL}
	if postgresqlURL != "" {
		cfg = &ferretdb.Config{Listener: listener, Logger: logger, Handler: "postgresql", PostgreSQLURL: postgresqlURL}
	}

	f, err := ferretdb.New(cfg)
	if err != nil {
		return fmt.Errorf("cannot start FerretDB: %w", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	logger.Info("reverie-ferretdb starting", "listen", listenAddr, "handler", cfg.Handler, "serialize", serialize)

	if postgresqlURL != "" {
		go addGINIndexes(ctx, logger, postgresqlURL, time.Second)
	} else {
		go fixIDIndexes(ctx, logger, dir, time.Second)
	}

	if !serialize {
		return f.Run(ctx)
	}

	done := make(chan error, 1)
	go func() { done <- f.Run(ctx) }()

	s := &serializer{backend: listener.Unix, logger: logger}
	go s.serve(ctx, front)

	select {
	case <-ctx.Done():
	case err = <-done: // FerretDB stopped by itself
		front.Close()
		s.closeAll()

		return err
	}

	front.Close()
	s.closeAll()

	return <-done
}

// serializer forwards MongoDB wire-protocol messages from TCP clients to
// FerretDB's Unix socket, one request/reply exchange at a time across all
// connections.
type serializer struct {
	backend string
	logger  *slog.Logger

	mu sync.Mutex // held for one whole request/reply exchange

	connsMu sync.Mutex
	conns   map[net.Conn]struct{}
}

func (s *serializer) track(c net.Conn, add bool) {
	s.connsMu.Lock()
	defer s.connsMu.Unlock()

	if s.conns == nil {
		s.conns = map[net.Conn]struct{}{}
	}

	if add {
		s.conns[c] = struct{}{}
	} else {
		delete(s.conns, c)
	}
}

func (s *serializer) closeAll() {
	s.connsMu.Lock()
	defer s.connsMu.Unlock()

	for c := range s.conns {
		c.Close()
	}
}

func (s *serializer) serve(ctx context.Context, ln net.Listener) {
	s.logger.Info("Listening on TCP " + ln.Addr().String() + " (serialized)...")

	for {
		c, err := ln.Accept()
		if err != nil {
			if ctx.Err() == nil && !errors.Is(err, net.ErrClosed) {
				s.logger.Warn("accept failed", "error", err)
				time.Sleep(100 * time.Millisecond)

				continue
			}

			return
		}

		go s.handle(c)
	}
}

func (s *serializer) handle(client net.Conn) {
	s.track(client, true)
	defer s.track(client, false)
	defer client.Close()

	backend, err := net.Dial("unix", s.backend)
	if err != nil {
		s.logger.Warn("cannot reach FerretDB socket", "error", err)
		return
	}
	s.track(backend, true)
	defer s.track(backend, false)
	defer backend.Close()

	for {
		req, err := readMessage(client)
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) {
				s.logger.Debug("client read failed", "error", err)
			}

			return
		}

		replies, err := s.exchange(backend, req)

		for _, r := range replies {
			if _, werr := client.Write(r); werr != nil {
				return
			}
		}

		if err != nil {
			s.logger.Debug("backend exchange failed", "error", err)
			return
		}
	}
}

// exchange sends one request and reads its reply (or replies, for exhaust
// cursors) while holding the global lock.
func (s *serializer) exchange(backend net.Conn, req []byte) ([][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()

	if _, err := backend.Write(req); err != nil {
		return nil, err
	}

	// OP_MSG with moreToCome set: fire-and-forget (w:0), no reply follows.
	if moreToCome(req) {
		return nil, nil
	}

	var replies [][]byte

	for {
		_ = backend.SetReadDeadline(time.Now().Add(10 * time.Minute))

		r, err := readMessage(backend)
		if err != nil {
			return replies, err
		}

		replies = append(replies, r)

		if !moreToCome(r) {
			return replies, nil
		}
	}
}

const (
	opMsg          = 2013
	maxMessageSize = 48 * 1024 * 1024
)

// readMessage reads one complete wire-protocol message (header included).
func readMessage(r io.Reader) ([]byte, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}

	n := binary.LittleEndian.Uint32(hdr[:])
	if n < 16 || n > maxMessageSize {
		return nil, fmt.Errorf("bad message length %d", n)
	}

	msg := make([]byte, n)
	copy(msg, hdr[:])

	if _, err := io.ReadFull(r, msg[4:]); err != nil {
		return nil, err
	}

	return msg, nil
}

func moreToCome(msg []byte) bool {
	if len(msg) < 20 || binary.LittleEndian.Uint32(msg[12:16]) != opMsg {
		return false
	}

	return binary.LittleEndian.Uint32(msg[16:20])&2 != 0
}
