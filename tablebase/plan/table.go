package plan

// table builds a table whole: it solves the material in memory, minimizes its decision
// list and checks it (package tablebase/builder).
func (r *jobRun) table() error {
	t, rep, err := r.builder().Build(r.ctx, r.j.Material)
	if err != nil {
		return err
	}
	r.st.fromReport(rep, t)
	return r.writeTable(t)
}
