// Command render executes Go text/template (+ sprig) cases for the differential test
// (differential.test.ts): JSON cases on stdin, JSON results on stdout.
// Data is tagged so ints and floats stay apart: {"i":"1"} int, {"f":1.5} float64, {"s":"x"},
// {"b":true}, {"n":null}, {"l":[...]} []interface{}, {"m":{...}} map[string]interface{}.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"text/template"

	"github.com/Masterminds/sprig"
)

type tcase struct {
	Texts [][2]string     `json:"texts"`
	Exec  string          `json:"exec"`
	Sprig bool            `json:"sprig"`
	Data  json.RawMessage `json:"data"`
}

type result struct {
	Phase  string `json:"phase"`
	Output string `json:"output"`
	Error  string `json:"error"`
}

func decode(raw json.RawMessage) interface{} {
	var tagged map[string]json.RawMessage
	if err := json.Unmarshal(raw, &tagged); err != nil {
		panic(err)
	}
	for k, v := range tagged {
		switch k {
		case "i":
			var s string
			json.Unmarshal(v, &s)
			n, _ := strconv.Atoi(s)
			return n
		case "f":
			var f float64
			json.Unmarshal(v, &f)
			return f
		case "s":
			var s string
			json.Unmarshal(v, &s)
			return s
		case "b":
			var b bool
			json.Unmarshal(v, &b)
			return b
		case "n":
			return nil
		case "l":
			var items []json.RawMessage
			json.Unmarshal(v, &items)
			out := make([]interface{}, len(items))
			for i, it := range items {
				out[i] = decode(it)
			}
			return out
		case "m":
			var items map[string]json.RawMessage
			json.Unmarshal(v, &items)
			out := map[string]interface{}{}
			for k2, it := range items {
				out[k2] = decode(it)
			}
			return out
		}
	}
	return nil
}

func run(c tcase) (res result) {
	defer func() {
		if r := recover(); r != nil {
			res = result{Phase: "panic", Error: fmt.Sprint(r)}
		}
	}()
	funcs := template.FuncMap{}
	if c.Sprig {
		funcs = sprig.TxtFuncMap()
	}
	var set *template.Template
	for i, t := range c.Texts {
		var err error
		if i == 0 {
			set, err = template.New(t[0]).Funcs(funcs).Parse(t[1])
		} else {
			_, err = set.New(t[0]).Parse(t[1])
		}
		if err != nil {
			return result{Phase: "parse", Error: err.Error()}
		}
	}
	var buf bytes.Buffer
	if err := set.ExecuteTemplate(&buf, c.Exec, decode(c.Data)); err != nil {
		return result{Phase: "exec", Error: err.Error(), Output: buf.String()}
	}
	return result{Phase: "ok", Output: buf.String()}
}

func main() {
	var cases []tcase
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	out := make([]result, len(cases))
	for i, c := range cases {
		out[i] = run(c)
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
